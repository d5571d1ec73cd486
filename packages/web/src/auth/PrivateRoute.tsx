// Route guard (spec part 1 section 2.2): signed-out → /login keeping the requested location;
// signed-in without any of the listed authorities → the not-authorized alert.
import { hasAnyAuthority } from '@bank/domain';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../ui/PageLoader';
import { NotAuthorized } from './NotAuthorized';
import { useSession } from './use-session';

export interface PrivateRouteProps {
  /** Empty: any signed-in user. */
  authorities: readonly string[];
}

export function PrivateRoute({ authorities }: PrivateRouteProps) {
  const { account, isAuthenticated, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <PageLoader />;
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location }} />;
  if (!hasAnyAuthority(account?.authorities, authorities)) return <NotAuthorized />;
  return <Outlet />;
}
