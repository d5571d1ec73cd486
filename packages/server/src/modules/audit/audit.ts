// Persisted audit events (sign-in, account and user changes, request status changes).
import type { Queryable } from '../../db/database';

export type AuditEventType =
  | 'AUTHENTICATION_SUCCESS'
  | 'AUTHENTICATION_FAILURE'
  | 'AUTHENTICATION_LOCKED'
  | 'ACCOUNT_UPDATED'
  | 'PASSWORD_CHANGED'
  | 'REQUEST_STATUS_CHANGED'
  | 'REQUEST_FIRST_APPROVAL'
  | 'ACCOUNT_REGISTERED'
  | 'ACCOUNT_ACTIVATED'
  | 'PASSWORD_RESET_REQUESTED'
  | 'PASSWORD_RESET_FINISHED'
  | 'USER_CREATED'
  | 'USER_UPDATED'
  | 'USER_DELETED'
  | 'LOGGER_LEVEL_CHANGED'
  | 'LOGOUT'
  | 'SESSION_REVOKED'
  | 'SESSIONS_REVOKED'
  | 'MFA_ENROLLED'
  | 'MFA_REMOVED';

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
