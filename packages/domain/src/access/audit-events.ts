// The audit events the server records (sign-in, account and user changes, request decisions, changes of
// fields kept by some roles): one list, so that the server's recordAudit takes only these and the web app
// has a label for each.
export const AUDIT_EVENT_TYPES = [
  'AUTHENTICATION_SUCCESS',
  'AUTHENTICATION_FAILURE',
  'AUTHENTICATION_LOCKED',
  'ACCOUNT_UPDATED',
  'PASSWORD_CHANGED',
  'REQUEST_STATUS_CHANGED',
  'REQUEST_FIRST_APPROVAL',
  'FIELD_CHANGED',
  'ACCOUNT_REGISTERED',
  'ACCOUNT_REGISTRATION_REFUSED',
  'ACCOUNT_ACTIVATED',
  'PASSWORD_RESET_REQUESTED',
  'PASSWORD_RESET_FINISHED',
  'USER_CREATED',
  'USER_UPDATED',
  'USER_DELETED',
  'LOGGER_LEVEL_CHANGED',
  'LOGOUT',
  'SESSION_REVOKED',
  'SESSIONS_REVOKED',
  'MFA_ENROLLED',
  'MFA_REMOVED',
] as const;

export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];
