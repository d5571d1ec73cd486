// What every start asks for first, the app's (start.tsx) and the light sign-in page's (sign-in-start.tsx):
// the catalogue, the session, the second factor's status and the profile, in parallel.
import type { QueryClient } from '@tanstack/react-query';
import { fetchCatalogue } from '../api/catalogue';
import { profileQuery } from '../api/management';
import { preferencesQuery } from '../api/preferences';
import { mfaStatusQuery, sessionQuery } from '../api/session';
import { getToken } from '../api/token-storage';
import { signOutWhenUnauthenticated } from '../auth/sign-out';
import { initI18n } from '../i18n/i18n';
import { initialLocale } from '../i18n/locale-storage';
import { createQueryClient } from './query-client';

export interface Boot {
  queryClient: QueryClient;
  /** The texts are there (or failed: the app still opens, showing keys, rather than stay blank). */
  ready: Promise<void>;
}

export function boot(): Boot {
  // Mantine's light colour variables, which its provider would set: the signed-out pages draw without it.
  document.documentElement.setAttribute('data-mantine-color-scheme', 'light');
  // The catalogue first, as the first render waits for it: i18next would ask for it a task later, behind
  // the screens' chunks, which take the browser's few connections to the server.
  const locale = initialLocale();
  let firstCatalogue: ReturnType<typeof fetchCatalogue> | undefined = fetchCatalogue(locale);
  // A failure is initI18n's to handle, a task later: not an unhandled rejection meanwhile.
  firstCatalogue.catch(() => undefined);
  const load = (asked: string) => {
    const pending = asked === locale ? firstCatalogue : undefined;
    firstCatalogue = undefined;
    return pending ?? fetchCatalogue(asked);
  };
  const queryClient = createQueryClient();
  signOutWhenUnauthenticated(queryClient);
  void queryClient.prefetchQuery(sessionQuery());
  // With a token, the second factor's status is needed as soon as the session: asked in parallel.
  if (getToken()) {
    void queryClient.prefetchQuery(mfaStatusQuery());
    // The lists' remembered layouts, read once a session, before the first list asks for its rows.
    void queryClient.prefetchQuery(preferencesQuery());
  }
  void queryClient.prefetchQuery(profileQuery());
  return { queryClient, ready: initI18n({ locale, load }).catch(() => undefined) };
}
