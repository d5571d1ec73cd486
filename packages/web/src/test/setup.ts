// Vitest set-up for the web project (jsdom): what Mantine expects of a browser, i18n with the
// real catalogues in English, and a clean DOM and storage after each test.
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import en from '../../public/i18n/en.json';
import fr from '../../public/i18n/fr.json';
import { reportAnswered } from '../api/connection';
import { i18n, initI18n } from '../i18n/i18n';

// A screen appears when it appears: on a loaded CI machine a lazy page can take more than the
// default second, and a find* that gives up early fails a test by chance (5 s was not enough for the
// settings page's toast beside the HA suite, 2026-11-29).
configure({ asyncUtilTimeout: 15_000 });

window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

Element.prototype.scrollIntoView ??= () => {};

globalThis.IntersectionObserver ??= class {
  readonly root = null;
  readonly rootMargin = '';
  readonly thresholds = [];
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
} as unknown as typeof IntersectionObserver;

// Autosizing textareas listen for web-font loads, which jsdom does not offer.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

beforeAll(async () => {
  if (!i18n.isInitialized) {
    // Copies: i18next keeps and extends the objects it is given, and the suite's files share their modules.
    const resources = structuredClone({ en: { translation: en }, fr: { translation: fr } });
    await initI18n({ locale: 'en', resources });
  }
});

// A call no test answers gets a 404, not Node's network error for a relative address: the HTTP client
// would try that again for the rest of the worker's life, into the next tests' stubs.
beforeEach(() => {
  vi.stubGlobal('fetch', async () =>
    Response.json(
      { message: 'error.http.404' },
      { status: 404, headers: { 'Content-Type': 'application/problem+json' } },
    ),
  );
});

afterEach(async () => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // The connection banner of one test's lost calls is not the next one's.
  reportAnswered();
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
});
