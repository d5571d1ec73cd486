// Start-up (spec part 1 section 2.1): the session, the profile and the catalogue are asked for
// in parallel; the app renders once the texts are there.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { fetchCatalogue } from '../api/catalogue';
import { profileQuery } from '../api/management';
import { sessionQuery } from '../api/session';
import { signOutWhenUnauthenticated } from '../auth/sign-out';
import { initI18n } from '../i18n/i18n';
import { ErrorBoundary } from './ErrorBoundary';
import { Providers } from './Providers';
import { createQueryClient } from './query-client';
import { routes } from './routes';

export async function start(container: HTMLElement): Promise<void> {
  const queryClient = createQueryClient();
  signOutWhenUnauthenticated(queryClient);
  void queryClient.prefetchQuery(sessionQuery());
  void queryClient.prefetchQuery(profileQuery());
  // Without a catalogue the app still opens (showing keys) rather than stay blank.
  await initI18n({ load: fetchCatalogue }).catch(() => undefined);

  const router = createBrowserRouter(routes);
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
