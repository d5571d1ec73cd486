// Whether the signed-in user may decide on a request type: the workflow's roles, through the same
// can() the server enforces (an 'update' of a request with a workflow is a staff decision).
import { can } from '@bank/domain';
import { useSession } from '../auth/use-session';

export function useCanDecide(entityName: string): boolean {
  const { account } = useSession();
  return can(account?.authorities, 'update', entityName);
}
