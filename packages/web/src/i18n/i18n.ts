// The app's i18next instance: French by default, English on one click; catalogues come from
// GET i18n/{locale}.json through a loader the app passes in (the api layer), or inline in tests.
import { LANGUAGES, type Language } from '@bank/domain';
import i18next, { type BackendModule, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { initialLocale, storeLocale } from './locale-storage';

export const i18n = i18next.createInstance();

export type CatalogueLoader = (locale: string) => Promise<Record<string, unknown>>;

function catalogueBackend(load: CatalogueLoader): BackendModule {
  return {
    type: 'backend',
    callbackApi: true,
    init() {},
    read(locale, _namespace, callback) {
      load(locale).then(
        (catalogue) => callback(null, catalogue),
        (error: unknown) => callback(error instanceof Error ? error : String(error), false),
      );
    },
  };
}

interface InitOptions {
  locale?: Language;
  /** Fetches a catalogue on demand (the app); */
  load?: CatalogueLoader;
  /** or catalogues given up front (tests). */
  resources?: Resource;
}

/** The page's language and title follow the chosen locale (screen readers, browser tabs). */
function reflectLanguage(): void {
  document.documentElement.lang = i18n.language;
  if (i18n.exists('global.title')) document.title = i18n.t('global.title');
}

export async function initI18n({ locale = initialLocale(), load, resources }: InitOptions): Promise<void> {
  if (load) i18n.use(catalogueBackend(load));
  i18n.on('languageChanged', reflectLanguage);
  await i18n.use(initReactI18next).init({
    lng: locale,
    supportedLngs: LANGUAGES,
    fallbackLng: false,
    load: 'currentOnly',
    interpolation: { escapeValue: false },
    ...(resources ? { resources } : {}),
  });
  reflectLanguage();
}

/** Switches the visible texts at once and keeps the choice for the session. */
export async function changeLocale(locale: Language): Promise<void> {
  storeLocale(locale);
  await i18n.changeLanguage(locale);
}
