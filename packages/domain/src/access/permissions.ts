// Who may do what on each entity: the matrix the server enforces and the web app reads to show or
// hide actions. Each entity's data class (declared, or derived: a request has a workflow) sets the
// default; the exceptions are data below. Where the spec's generic screens would let a role change what
// no bank lets it change, this table wins (DESIGN.md §5); docs/write-policy.md is generated from it.
import type { Action, Entity } from '../define';
import { entityByName } from '../entities';
import { workflowOf } from '../workflow/workflows';
import { ROLES, STAFF_AUTHORITIES, SUPERVISORS, hasAnyAuthority, type Authority } from './roles';

/** Reference data, customer records, customer requests (with a workflow), history, security records. */
export type DataClass = 'reference' | 'customer' | 'request' | 'history' | 'security';

export function dataClassOf(entity: Entity): DataClass {
  return entity.dataClass ?? (workflowOf(entity.name) ? 'request' : 'customer');
}

/** No role: the server alone writes these records, through its own statements, never through a route. */
export const NOBODY: readonly Authority[] = [];
const STAFF = STAFF_AUTHORITIES;
/** Spec part 1 §6: 'Modifier' on a client's notification users is for MANAGER and RESPONSABLEDESK. */
const DESK: readonly Authority[] = [ROLES.MANAGER, ROLES.RESPONSABLEDESK];

/** Who may do what, per data class. A request's update is a staff decision: the workflow's roles (below). */
const CLASS_ACCESS: Record<DataClass, Record<Action, readonly Authority[]>> = {
  reference: { read: STAFF, create: SUPERVISORS, update: SUPERVISORS, delete: SUPERVISORS },
  // Records of customers and their money are not deleted by agents or trainees.
  customer: { read: STAFF, create: STAFF, update: STAFF, delete: SUPERVISORS },
  request: { read: STAFF, create: STAFF, update: NOBODY, delete: SUPERVISORS },
  history: { read: STAFF, create: NOBODY, update: NOBODY, delete: NOBODY },
  security: { read: STAFF, create: NOBODY, update: NOBODY, delete: NOBODY },
};

/** The exceptions, as data. */
const ENTITY_ACCESS_OVERRIDES: Readonly<Record<string, Partial<Record<Action, readonly Authority[]>>>> = {
  serenityUser: { update: DESK },
  // A correction moves money by hand: supervisors file it, and another supervisor decides it.
  ledgerCorrection: { create: SUPERVISORS },
  notificationSubscription: { create: DESK, update: DESK },
  // Spec part 2 §2.6: only the manager and the desk head validate an account subscription.
  clientSubscription: { update: DESK, delete: DESK },
  // Failed sign-ins name staff logins and tell how close each is to a lockout: administrators only.
  userAttempts: { read: [ROLES.ADMIN] },
};

/**
 * The authorities that may perform `action` on the entity (empty: nobody, the route does not exist).
 * @example entityAccess('transfer', 'update') // the transfer workflow's deciders
 */
export function entityAccess(entity: string, action: Action): readonly Authority[] {
  const override = ENTITY_ACCESS_OVERRIDES[entity]?.[action];
  if (override) return override;
  if (action === 'update') {
    const workflow = workflowOf(entity);
    if (workflow) return workflow.roles;
  }
  return CLASS_ACCESS[dataClassOf(entityByName(entity))][action];
}

/**
 * The one access check shared by server and web. No role may do what the policy gives to nobody.
 * @example can(account.authorities, 'delete', 'client')
 */
export function can(authorities: readonly string[] | undefined, action: Action, entity: string): boolean {
  const allowed = entityAccess(entity, action);
  return allowed.length > 0 && hasAnyAuthority(authorities, allowed);
}
