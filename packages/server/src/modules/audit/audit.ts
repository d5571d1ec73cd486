// Persisted audit events (sign-in, account and user changes, request status changes).
import type { AuditEventType } from '@bank/domain';
import type { Queryable } from '../../db/database';
import { Params } from '../../engine/list-query';

type AuditData = Record<string, string | number | boolean | null>;

/**
 * The insert of one audit event, its values added to `params` so that a caller can make it part of a
 * statement of its own; with `source`, one event per row of that relation (none when it is empty).
 */
export function auditInsert(params: Params, principal: string, type: AuditEventType, data: AuditData, source?: string) {
  const values = [principal.slice(0, 100), type, JSON.stringify(data)].map((value) => params.add(value)).join(', ');
  const rows = source ? `select ${values} from ${source}` : `values (${values})`;
  return `insert into audit_event (principal, event_type, data) ${rows}`;
}

export async function recordAudit(
  db: Queryable,
  principal: string,
  type: AuditEventType,
  data: AuditData = {},
): Promise<void> {
  const params = new Params();
  await db.query(auditInsert(params, principal, type, data), params.values);
}
