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
  | 'LOGGER_LEVEL_CHANGED';

export async function recordAudit(
  db: Queryable,
  principal: string,
  type: AuditEventType,
  data: Record<string, string | number | boolean | null> = {},
): Promise<void> {
  await db.query('insert into audit_event (principal, event_type, data) values ($1, $2, $3)', [
    principal.slice(0, 100),
    type,
    JSON.stringify(data),
  ]);
}
