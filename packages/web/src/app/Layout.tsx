// The shell (spec part 1 section 2.1): the header and the routed page. Signed out (sign-in, registration,
// reset), a light frame drawn with plain elements, without Mantine (PublicFrame); signed in, the Mantine
// AppShell with the role side menu (SignedInLayout), loaded on demand so that the sign-in page does not carry it.
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { mfaStatusQuery } from '../api/session';
import { useSession } from '../auth/use-session';
import { useAccountLocale } from '../i18n/use-account-locale';
import { PageLoader } from '../ui/PageLoader';
import { lazyComponent, lazyThemed } from './lazy-group';
import { PublicFrame } from './PublicFrame';

/** The signed-in shell's module once it has arrived. */
let loadedShell: typeof import('./SignedInLayout') | undefined;
const loadSignedInLayout = () => import('./SignedInLayout').then((module) => (loadedShell = module));
const LazySignedInLayout = lazyComponent(() => loadSignedInLayout().then((module) => module.SignedInLayout));

/** Starts loading the signed-in shell before the session has answered, when a token says it will be needed. */
export const preloadSignedInLayout = () => void loadSignedInLayout();

const EnrolmentPage = lazyThemed(() =>
  import('../screens/account/EnrolmentPage').then((module) => module.EnrolmentPage),
);

export function Layout() {
  useAccountLocale();
  const { isAuthenticated } = useSession();
  const { pathname } = useLocation();
  // One way for the app's life: a switch from the lazy component to the loaded module would draw the
  // shell anew, its state lost (the side menu just opened) and its event stream opened again.
  const [direct] = useState(() => loadedShell !== undefined);
  // Asked at start beside the session (start.tsx): an error lets the app through, the server still gates.
  const mfa = useQuery({ ...mfaStatusQuery(), enabled: isAuthenticated });
  if (!isAuthenticated)
    return (
      <PublicFrame>
        <Outlet />
      </PublicFrame>
    );
  if (mfa.isPending)
    return (
      <PublicFrame>
        <PageLoader />
      </PublicFrame>
    );
  // A role that must enrol a second factor first: the enrolment page at any address but /logout, and
  // none of the shell's calls (its menus, the live queue), which the server would refuse.
  if (mfa.data?.enrolmentRequired && pathname !== '/logout')
    return (
      <PublicFrame>
        <EnrolmentPage />
      </PublicFrame>
    );
  // Already loaded (preloaded at start-up), drawn at once: a lazy component suspends on its first render
  // even then, which draws the fallback and the shell in a later render that the first rows wait for.
  if (direct && loadedShell) return <loadedShell.SignedInLayout />;
  // Right after signing in, the header stays while the signed-in shell arrives.
  return (
    <Suspense
      fallback={
        <PublicFrame>
          <PageLoader />
        </PublicFrame>
      }
    >
      <LazySignedInLayout />
    </Suspense>
  );
}
