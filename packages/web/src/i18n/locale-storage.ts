// The chosen locale is kept for the browser session (spec part 1 section 9).
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@bank/domain';

const LOCALE_KEY = 'locale';

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** The locale chosen in this browser session, or null when none was chosen yet. */
export function storedLocale(): Language | null {
  const value = sessionStorage.getItem(LOCALE_KEY);
  return isLanguage(value) ? value : null;
}

export function initialLocale(): Language {
  return storedLocale() ?? DEFAULT_LANGUAGE;
}

export function storeLocale(locale: Language): void {
  sessionStorage.setItem(LOCALE_KEY, locale);
}
