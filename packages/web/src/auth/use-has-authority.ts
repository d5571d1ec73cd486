// Route and menu checks against the domain's access table: any listed authority suffices.
import { hasAnyAuthority } from '@bank/domain';
import { useSession } from './use-session';

/** @example useHasAuthority(ROUTE_ACCESS.adminMenu) */
export function useHasAuthority(authorities: readonly string[]): boolean {
  const { account, isAuthenticated } = useSession();
  return isAuthenticated && hasAnyAuthority(account?.authorities, authorities);
}
