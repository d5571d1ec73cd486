// Start-up of the app (spec part 1 section 2.1): the session, the profile and the catalogue are asked for
// at boot (boot.ts); the screens of the address beside them. The app renders once the texts and the page
// (at most 1 s) are there. The sign-in page opened signed out hands its boot over (sign-in-start.tsx).
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, type DataRouter, RouterContextProvider } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { getToken } from '../api/token-storage';
import { type Boot, boot } from './boot';
import { ErrorBoundary } from './ErrorBoundary';
import { preloadSignedInLayout } from './Layout';
import { Providers } from './Providers';
import { queryClientContext } from './router-context';
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

interface StartOptions {
  /** The boot already under way (the sign-in page's). */
  boot?: Boot;
  /** Takes away what the container showed until then, just before the app draws in its place. */
  beforeRender?: () => void;
}

export async function start(container: HTMLElement, options: StartOptions = {}): Promise<void> {
  const { queryClient, ready } = options.boot ?? boot();
  if (getToken()) preloadSignedInLayout();
  // It starts loading the screens of the address while the catalogue arrives.
  const router = createBrowserRouter(routes, {
    // Route loaders start a page's queries in this client while the page's code downloads.
    getContext: () => new RouterContextProvider(new Map([[queryClientContext, queryClient]])),
  });
  await ready;
  await routerReady(router, PAGE_WAIT_MS);

  options.beforeRender?.();
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
