// What the signed-in user may do with an entity: the domain's can(), the same matrix the server enforces,
// so that a screen never offers an action the server would refuse.
import { can, type Action, type Entity } from '@bank/domain';
import { useSession } from '../auth/use-session';

export type EntityAccess = Record<Action, boolean>;

/** @example const { create } = useEntityAccess(branch) */
export function useEntityAccess(entity: Entity): EntityAccess {
  const { account } = useSession();
  const allowed = (action: Action) => can(account?.authorities, action, entity.name);
  return { read: allowed('read'), create: allowed('create'), update: allowed('update'), delete: allowed('delete') };
}
