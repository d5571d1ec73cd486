// The shell (spec part 1 section 2.1): the header and the routed page. Signed out (sign-in,
// registration, reset), a light frame drawn with plain elements, without Mantine; signed in, the Mantine AppShell with
// the role side menu (SignedInLayout), loaded on demand so that the sign-in page does not carry it.
import { lazy, type ReactNode, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useSession } from '../auth/use-session';
import { useAccountLocale } from '../i18n/use-account-locale';
import { PageLoader } from '../ui/PageLoader';
import { Header } from './Header';
import classes from './Layout.module.css';
import { SkipLink } from './SkipLink';

/** The signed-in shell's module once it has arrived. */
let loadedShell: typeof import('./SignedInLayout') | undefined;
const loadSignedInLayout = () => import('./SignedInLayout').then((module) => (loadedShell = module));
const LazySignedInLayout = lazy(() => loadSignedInLayout().then((module) => ({ default: module.SignedInLayout })));

/** Starts loading the signed-in shell before the session has answered, when a token says it will be needed. */
export const preloadSignedInLayout = () => void loadSignedInLayout();

/** The signed-out frame: what the AppShell draws for the header and the page, with plain elements. */
function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <SkipLink />
      <header className={classes.header}>
        <Header />
      </header>
      <main id="main" tabIndex={-1} className={classes.main}>
        {/* A page drawn with Mantine arrives with it (lazy-group.ts). */}
        <div className={classes.container}>
          <Suspense fallback={<PageLoader />}>{children}</Suspense>
        </div>
      </main>
    </>
  );
}

export function Layout() {
  useAccountLocale();
  const { isAuthenticated } = useSession();
  if (!isAuthenticated)
    return (
      <PublicFrame>
        <Outlet />
      </PublicFrame>
    );
  // Already loaded (preloaded at start-up), drawn at once: a lazy component suspends on its first render
  // even then, which draws the fallback and the shell in a later render that the first rows wait for.
  if (loadedShell) return <loadedShell.SignedInLayout />;
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
