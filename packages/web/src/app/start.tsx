// Start-up (spec part 1 section 2.1): the session, the profile, the catalogue and the screens of the
// address are asked for in parallel; the app renders once the texts and the page (at most 1 s) are there.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, type DataRouter, RouterContextProvider } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { fetchCatalogue } from '../api/catalogue';
import { profileQuery } from '../api/management';
import { mfaStatusQuery, sessionQuery } from '../api/session';
import { getToken } from '../api/token-storage';
import { signOutWhenUnauthenticated } from '../auth/sign-out';
import { initI18n } from '../i18n/i18n';
import { initialLocale } from '../i18n/locale-storage';
import { ErrorBoundary } from './ErrorBoundary';
import { preloadSignedInLayout } from './Layout';
import { Providers } from './Providers';
import { createQueryClient, queryClientContext } from './query-client';
import { routes } from './routes';

/** How long the first render waits for the address's page once the texts are there (then shows a loader). */
const PAGE_WAIT_MS = 1000;

/**
 * Resolves once the router has the first page's code and has run its loaders, or after `ms`. Rendered
 * before, the app draws the router's loader, then the page in a later render after an idle wait: on a
 * staff list (bench:web, a busy machine) the first rows came some 0.3 to 0.5 s later that way.
 */
function routerReady(router: DataRouter, ms: number): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) done();
    });
    const timer = setTimeout(() => done(), ms);
    function done() {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    }
  });
}

export async function start(container: HTMLElement): Promise<void> {
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
  if (getToken()) void queryClient.prefetchQuery(mfaStatusQuery());
  void queryClient.prefetchQuery(profileQuery());
  if (getToken()) preloadSignedInLayout();
  // It starts loading the screens of the address while the catalogue arrives.
  const router = createBrowserRouter(routes, {
    // Route loaders start a page's queries in this client while the page's code downloads.
    getContext: () => new RouterContextProvider(new Map([[queryClientContext, queryClient]])),
  });
  // Without a catalogue the app still opens (showing keys) rather than stay blank.
  await initI18n({ locale, load }).catch(() => undefined);
  await routerReady(router, PAGE_WAIT_MS);

  createRoot(container).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <ErrorBoundary>
          <RouterProvider router={router} />
        </ErrorBoundary>
      </Providers>
    </StrictMode>,
  );
}
