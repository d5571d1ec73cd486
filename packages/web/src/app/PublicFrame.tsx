// The signed-out frame (sign-in, registration, reset): what the AppShell draws for the header and the page,
// with plain elements and without the router, so that the sign-in page opened first carries neither Mantine
// nor react-router (sign-in-start.tsx).
import { type ReactNode, Suspense } from 'react';
import { PageLoader } from '../ui/PageLoader';
import { Header } from './Header';
import classes from './Layout.module.css';
import { SkipLink } from './SkipLink';

export function PublicFrame({ children }: { children: ReactNode }) {
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
