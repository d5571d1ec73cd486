// The write policy's field rules: which fields a create and an update may set, which values a create
// may carry in a field the server sets, and when a request no longer changes. Who may write at all is
// in permissions.ts. The server enforces both on every route; the web's forms read the same rules.
import type { Entity, Field } from '../define';
import { workflowOf } from '../workflow/workflows';

/**
 * How a write treats a field. `open`: the value sent is taken (a field left out keeps its value).
 * `server`: the server sets it (creation time, decision stamps, a request's status before any decision,
 * a request's data once it exists), or it is fixed once created: a create refuses any value, an update
 * accepts the value the record already has, ignored, and refuses any other. `forbidden`: other roles than
 * the caller's keep it (`writers`): a create that sets it or an update that changes it is refused (403).
 */
export type FieldWrite = 'open' | 'server' | 'forbidden';

/**
 * How `action` treats the field; with the caller's authorities, a field kept by other roles is `forbidden`
 * (without them the role rule is left out: the policy page lists it apart).
 * @example fieldWrite(bankAccount, bankAccount.field('authorizedAmount')!, 'update', ['ROLE_STAGIAIRE']) // 'forbidden'
 */
export function fieldWrite(
  entity: Entity,
  field: Field,
  action: 'create' | 'update',
  authorities?: readonly string[],
): FieldWrite {
  const write = declaredWrite(entity, field, action);
  if (write !== 'open' || !field.writers || !authorities) return write;
  return field.writers.some((role) => authorities.includes(role)) ? 'open' : 'forbidden';
}

function declaredWrite(entity: Entity, field: Field, action: 'create' | 'update'): 'open' | 'server' {
  if (field.readOnly) return 'server';
  if (field.kind === 'dateTime' && field.default === 'now') return 'server';
  if (field.fixed && action === 'update') return 'server';
  const workflow = workflowOf(entity.name);
  if (!workflow) return 'open';
  if (field.name === workflow.updatedAt) return 'server';
  const decision = field.name === workflow.status || field.name === workflow.comment;
  if (action === 'create') return decision ? 'server' : 'open';
  // A decision changes the status, the observation and the fields the workflow declares, nothing else.
  return decision || workflow.decisionFields?.includes(field.name) ? 'open' : 'server';
}

/**
 * Whether a create may carry this value in a server field, because the server would accept it anyway: a
 * request's status while it awaits a decision (the customer channel files some already PENDING). Any
 * other value of a server field in a create is refused.
 */
export function acceptedOnCreate(entity: Entity, field: Field, value: unknown): boolean {
  const workflow = workflowOf(entity.name);
  return workflow !== undefined && field.name === workflow.status && workflow.openStatuses.includes(String(value));
}

/** A request whose status is final is read-only for everyone: no decision, no edit, no deletion. */
export function isClosedRequest(entity: Entity, row: Record<string, unknown>): boolean {
  const workflow = workflowOf(entity.name);
  return workflow ? workflow.finalStatuses.includes(String(row[workflow.status] ?? '')) : false;
}
