// The write policy's field rules applied to a body (domain access/write-policy.ts): a create may not set
// what the server sets, an update is a merge over the record as it is (a field left out keeps its value),
// a server field may come back unchanged, ignored, but never changed, and a field kept by some roles is
// set or changed by them alone, each change audited with the write.
import { acceptedOnCreate, fieldWrite, isClosedRequest, type Entity, type Field, type FieldError } from '@bank/domain';
import { auditInsert } from '../modules/audit/audit';
import { HttpProblem } from '../problem';
import type { CompanionWrite, Row } from './entity-service';

const READ_ONLY = 'ReadOnly';

const refused = (entity: Entity, fields: string[], detail: string) =>
  new HttpProblem(400, {
    message: 'error.validation',
    detail,
    fieldErrors: fields.map((field): FieldError => ({ objectName: entity.name, field, message: READ_ONLY })),
  });

/** 403: the caller's roles may not set these fields (FieldDef.writers); nothing is written. */
const forbiddenFields = (entity: Entity, fields: string[]) =>
  new HttpProblem(403, {
    message: 'error.fieldForbidden',
    detail: `Your role may not set ${fields.join(', ')}`,
    fieldErrors: fields.map((field): FieldError => ({ objectName: entity.name, field, message: 'Forbidden' })),
  });

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/**
 * Drops from a create's body the server fields it may carry (empty, or a status awaiting a decision) and
 * refuses it, naming every field, when it sets any other (400) or a field the caller's roles may not set
 * (403). Nothing is written when it throws.
 */
export function checkCreate(entity: Entity, body: Record<string, unknown>, authorities: readonly string[]): void {
  const refusedFields: string[] = [];
  const forbidden: string[] = [];
  for (const field of entity.fields) {
    if (!(field.name in body)) continue;
    const write = fieldWrite(entity, field, 'create', authorities);
    if (write === 'open') continue;
    const value = body[field.name];
    if (isBlank(value)) delete body[field.name];
    else if (write === 'forbidden') forbidden.push(field.name);
    else if (!acceptedOnCreate(entity, field, value)) refusedFields.push(field.name);
  }
  if (refusedFields.length > 0) {
    throw refused(
      entity,
      refusedFields,
      `The server sets ${refusedFields.join(', ')} itself: leave it out of a new record`,
    );
  }
  if (forbidden.length > 0) throw forbiddenFields(entity, forbidden);
}

/** 409: a request in a final status no longer changes, for anyone. */
export const closedRequest = (entity: Entity) =>
  new HttpProblem(409, {
    message: 'error.requestClosed',
    detail: 'This request is already closed and can no longer change',
    appError: { key: 'error.requestClosed', params: entity.name },
  });

/**
 * The body of an update merged over the record as it is: every field the body leaves out keeps its value,
 * a server field may come back with the value it has (then ignored), and a changed one is refused naming it.
 */
export function mergeUpdate(
  entity: Entity,
  before: Row,
  body: Record<string, unknown>,
  authorities: readonly string[],
): Record<string, unknown> {
  if (isClosedRequest(entity, before)) throw closedRequest(entity);
  const merged: Record<string, unknown> = { ...body };
  const refusedFields: string[] = [];
  const forbidden: string[] = [];
  for (const field of entity.fields) {
    if (field.kind === 'secret') continue; // never read back: kept when absent
    if (!(field.name in body)) {
      if (field.kind === 'refs') continue; // the service keeps a list it is not sent
      merged[field.name] = before[field.name];
      if (field.kind === 'image') merged[`${field.name}ContentType`] = before[`${field.name}ContentType`];
      continue;
    }
    const write = fieldWrite(entity, field, 'update', authorities);
    if (write === 'open') continue;
    if (!sameValue(field, body[field.name], before[field.name]))
      (write === 'forbidden' ? forbidden : refusedFields).push(field.name);
    if (field.kind === 'refs') delete merged[field.name];
    else merged[field.name] = before[field.name];
  }
  if (refusedFields.length > 0) {
    throw refused(entity, refusedFields, `${refusedFields.join(', ')} cannot be changed by this update`);
  }
  if (forbidden.length > 0) throw forbiddenFields(entity, forbidden);
  return merged;
}

type AuditValue = string | number | boolean | null;

/** A change of a field kept by some roles: what the audit records beside the entity and the row. */
export interface FieldChange {
  field: string;
  from: AuditValue;
  to: AuditValue;
}

/**
 * The changes a write makes to fields kept by some roles (FieldDef.writers): `before` is the row as read,
 * none for a create (every value set is a change from null). The policy has already let the caller make them.
 */
export function guardedChanges(entity: Entity, before: Row | undefined, after: Record<string, unknown>): FieldChange[] {
  return entity.fields
    .filter(
      (field) => field.writers && field.name in after && !sameValue(field, after[field.name], before?.[field.name]),
    )
    .map((field) => ({
      field: field.name,
      from: auditValue(field, before?.[field.name]),
      to: auditValue(field, after[field.name]),
    }));
}

/**
 * One FIELD_CHANGED audit event per change, by `login`, as writes that go with the row's own write: from
 * `source` (the written row of an update's statement, `t`), or a statement of the create's transaction.
 */
export const fieldChangeAudits = (
  entity: Entity,
  id: number,
  changes: FieldChange[],
  login: string,
  source?: string,
): CompanionWrite[] =>
  changes.map(
    (change) => (params) => auditInsert(params, login, 'FIELD_CHANGED', { entity: entity.name, id, ...change }, source),
  );

/** A value as the audit keeps it: amounts and rates in one spelling, a link as its id. */
function auditValue(field: Field, value: unknown): AuditValue {
  if (isBlank(value)) return null;
  if (field.kind === 'money' || field.kind === 'decimal') return exactNumber(value);
  if (field.kind === 'ref') return refId(value);
  return typeof value === 'number' || typeof value === 'boolean' ? value : String(value);
}

/** Whether a value sent equals the stored one as the field's kind reads it (130500 = '130500.00'). */
export function sameValue(field: Field, sent: unknown, stored: unknown): boolean {
  if (isBlank(sent) || isBlank(stored)) return isBlank(sent) && isBlank(stored);
  switch (field.kind) {
    case 'money':
    case 'decimal':
      return exactNumber(sent) === exactNumber(stored);
    case 'dateTime':
      return instant(sent) === instant(stored);
    case 'ref':
      return refId(sent) === refId(stored);
    case 'int':
      return Number(sent) === Number(stored);
    case 'refs':
      return idSet(sent) === idSet(stored);
    case 'image':
      return String(sent).replace(/\s+/g, '') === String(stored).replace(/\s+/g, '');
    default:
      return sent === stored || String(sent) === String(stored);
  }
}

/** A decimal in one spelling: no sign on zero, no leading or trailing zeros. */
function exactNumber(value: unknown): string {
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(String(value).trim());
  if (!match) return String(value);
  const whole = match[2]!.replace(/^0+/, '') || '0';
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  const digits = fraction ? `${whole}.${fraction}` : whole;
  return digits === '0' ? '0' : `${match[1]}${digits}`;
}

/** Milliseconds since the epoch; a date-time without a zone is Dakar time, UTC (engine/columns.ts). */
function instant(value: unknown): number {
  if (value instanceof Date) return value.getTime();
  const text = String(value).replace(' ', 'T');
  return Date.parse(/(Z|[+-]\d{2}:?\d{2})$/.test(text) ? text : `${text}Z`);
}

/** The ids of a many-to-many list, sorted, as one text: `[{ id: 3 }, { id: 1 }]` → '1,3'. */
function idSet(value: unknown): string {
  const items = Array.isArray(value) ? (value as unknown[]) : [];
  return [...new Set(items.map(refId))].sort((a, b) => a - b).join(',');
}

function refId(value: unknown): number {
  return Number(value !== null && typeof value === 'object' ? (value as { id: unknown }).id : value);
}
