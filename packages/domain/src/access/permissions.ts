// Who may do what on each entity: the matrix the server enforces and the web app reads to show or
// hide actions. Defaults follow the spec's route rule (/entity: the eight staff roles); the
// overrides are the exceptions, as data.
import type { Action } from '../define';
import { workflowOf } from '../workflow/workflows';
import { ROLES, STAFF_AUTHORITIES, hasAnyAuthority, type Authority } from './roles';

const DEFAULT_ACCESS: Record<Action, readonly Authority[]> = {
  read: STAFF_AUTHORITIES,
  create: STAFF_AUTHORITIES,
  update: STAFF_AUTHORITIES,
  delete: STAFF_AUTHORITIES,
};

const SUPERVISORS: readonly Authority[] = [ROLES.ADMIN, ROLES.MANAGER];
/** Spec part 1 §6: 'Modifier' on a client's notification users is for MANAGER and RESPONSABLEDESK. */
const DESK: readonly Authority[] = [ROLES.MANAGER, ROLES.RESPONSABLEDESK];

/** Records of customers and their money are not deleted by agents or trainees; notification users are the desk's. */
const ENTITY_ACCESS_OVERRIDES: Readonly<Record<string, Partial<Record<Action, readonly Authority[]>>>> = {
  client: { delete: SUPERVISORS },
  bankAccount: { delete: SUPERVISORS },
  transaction: { delete: SUPERVISORS },
  transfer: { delete: SUPERVISORS },
  balanceLog: { delete: SUPERVISORS },
  serenityUser: { update: DESK },
  notificationSubscription: { create: DESK, update: DESK },
  // Spec part 2 §2.6: only the manager and the desk head validate an account subscription.
  clientSubscription: { update: DESK, delete: DESK },
};

/**
 * The authorities that may perform `action` on the entity named `entity`. Updating a request with a
 * workflow is a staff decision: only the workflow's roles may make it.
 */
export function entityAccess(entity: string, action: Action): readonly Authority[] {
  if (action === 'update') {
    const workflow = workflowOf(entity);
    if (workflow) return workflow.roles;
  }
  return ENTITY_ACCESS_OVERRIDES[entity]?.[action] ?? DEFAULT_ACCESS[action];
}

/**
 * The one access check shared by server and web.
 * @example can(account.authorities, 'delete', 'client')
 */
export function can(authorities: readonly string[] | undefined, action: Action, entity: string): boolean {
  return hasAnyAuthority(authorities, entityAccess(entity, action));
}
