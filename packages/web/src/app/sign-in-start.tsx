// The sign-in page opened signed out (at /login, or at home, which sends there): drawn without the router,
// which is a fifth of the JavaScript the app's first page loads. Its links, and the page it opens once
// signed in, hand over to the app (start.tsx) at their address, with the same boot: the session just
// opened and the texts stay. The app's code starts loading at the first keystroke in the form.
import { type MouseEvent, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LoginPage } from '../auth/LoginPage';
import { boot } from './boot';
import { ErrorBoundary } from './ErrorBoundary';
import { type AppLinkProps, type Navigation, NavigationContext } from './navigation';
import { Providers } from './Providers';
import { PublicFrame } from './PublicFrame';

const loadApp = () => import('./start');

/** A plain click, which the page handles; with a modifier or another button, the browser's (a new tab). */
const plainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

export function startSignIn(container: HTMLElement): void {
  // Home sends a signed-out user here, in place.
  if (window.location.pathname !== '/login') window.history.replaceState(window.history.state, '', '/login');
  const booted = boot();
  const root = createRoot(container);
  let handedOver = false;
  const navigate = (to: string, { replace = false } = {}) => {
    if (handedOver) return;
    handedOver = true;
    void loadApp().then(
      ({ start }) => {
        window.history[replace ? 'replaceState' : 'pushState'](null, '', to);
        return start(container, { boot: booted, beforeRender: () => root.unmount() });
      },
      // The app's code did not arrive (the network, a release under way): the browser loads the page.
      () => window.location.assign(to),
    );
  };
  function HandOverLink({ to, onClick, ...anchor }: AppLinkProps) {
    const follow = (event: MouseEvent<HTMLAnchorElement>) => {
      onClick?.(event);
      if (event.defaultPrevented || !plainClick(event) || anchor.target) return;
      event.preventDefault();
      navigate(to);
    };
    return <a href={to} {...anchor} onClick={follow} />;
  }
  const navigation: Navigation = {
    // The state the app's router left with this entry (where the user was going), kept over a reload.
    location: {
      pathname: '/login',
      search: window.location.search,
      state: (window.history.state as { usr?: unknown } | null)?.usr ?? null,
    },
    navigate,
    Link: HandOverLink,
  };
  container.addEventListener('input', () => void loadApp(), { once: true });
  void booted.ready.then(() =>
    root.render(
      <StrictMode>
        <Providers queryClient={booted.queryClient}>
          <ErrorBoundary>
            <NavigationContext value={navigation}>
              <PublicFrame>
                <LoginPage />
              </PublicFrame>
            </NavigationContext>
          </ErrorBoundary>
        </Providers>
      </StrictMode>,
    ),
  );
}
