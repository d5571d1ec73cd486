// Start-up (spec part 1 section 2.1): the session, the profile, the catalogue and the screens of the
// address are asked for in parallel; the app renders once the texts are there.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterContextProvider } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { fetchCatalogue } from '../api/catalogue';
import { profileQuery } from '../api/management';
import { sessionQuery } from '../api/session';
import { getToken } from '../api/token-storage';
import { signOutWhenUnauthenticated } from '../auth/sign-out';
import { initI18n } from '../i18n/i18n';
import { ErrorBoundary } from './ErrorBoundary';
import { preloadSignedInLayout } from './Layout';
import { Providers } from './Providers';
import { createQueryClient, queryClientContext } from './query-client';
import { routes } from './routes';

export async function start(container: HTMLElement): Promise<void> {
  // Mantine's light colour variables, which its provider would set: the signed-out pages draw without it.
  document.documentElement.setAttribute('data-mantine-color-scheme', 'light');
  const queryClient = createQueryClient();
  signOutWhenUnauthenticated(queryClient);
  void queryClient.prefetchQuery(sessionQuery());
  void queryClient.prefetchQuery(profileQuery());
  if (getToken()) preloadSignedInLayout();
  // Created first: it starts loading the screens of the address while the catalogue arrives.
  const router = createBrowserRouter(routes, {
    // Route loaders start a page's queries in this client while the page's code downloads.
    getContext: () => new RouterContextProvider(new Map([[queryClientContext, queryClient]])),
  });
  // Without a catalogue the app still opens (showing keys) rather than stay blank.
  await initI18n({ load: fetchCatalogue }).catch(() => undefined);

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
