// Persisted audit events (sign-in, account and user changes, request status changes).
import type { AuditEventType } from '@bank/domain';
import type { Queryable } from '../../db/database';

type AuditData = Record<string, string | number | boolean | null>;

/**
 * The insert of one audit event with its parameters numbered from `$first`, so that a caller can make
 * it part of a statement of its own (one round trip for a history row and its event).
 */
export function auditInsert(principal: string, type: AuditEventType, data: AuditData, first = 1) {
  return {
    sql: `insert into audit_event (principal, event_type, data) values ($${first}, $${first + 1}, $${first + 2})`,
    values: [principal.slice(0, 100), type, JSON.stringify(data)],
  };
}

export async function recordAudit(
  db: Queryable,
  principal: string,
  type: AuditEventType,
  data: AuditData = {},
): Promise<void> {
  const insert = auditInsert(principal, type, data);
  await db.query(insert.sql, insert.values);
}
