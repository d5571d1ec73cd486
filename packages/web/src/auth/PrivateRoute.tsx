// Route guard (spec part 1 section 2.2): signed-out → /login keeping the requested location;
// signed-in without any of the listed authorities → the not-authorized alert.
import { hasAnyAuthority } from '@bank/domain';
import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { lazyThemed } from '../app/lazy-group';
import { PageLoader } from '../ui/PageLoader';
import { useSession } from './use-session';

// With Mantine, loaded when shown: the route table that holds this guard loads with the sign-in page.
const NotAuthorized = lazyThemed(() => import('./NotAuthorized').then((module) => module.NotAuthorized));

export interface PrivateRouteProps {
  /** Empty: any signed-in user. */
  authorities: readonly string[];
}

export function PrivateRoute({ authorities }: PrivateRouteProps) {
  const { account, isAuthenticated, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <PageLoader />;
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location }} />;
  if (!hasAnyAuthority(account?.authorities, authorities))
    return (
      <Suspense fallback={<PageLoader />}>
        <NotAuthorized />
      </Suspense>
    );
  return <Outlet />;
}
