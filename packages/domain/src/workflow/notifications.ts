// The notifications bell (issue 38): a staff member is told when a decision closes a request they filed,
// or one they gave the first four-eyes validation of: completed (validated, done, accepted) or refused
// (rejected, cancelled, removed). The server decides who is told and keeps what it told per login; the
// web app shows the unread count in the header and the list under it.
import type { WorkflowDef } from './define';

/** Why a login is told: it filed the request, or gave its first validation (four eyes). */
export type NotificationReason = 'filed' | 'approved';

/** One notification, as `GET api/account/notifications` answers it: no client data, a request's number. */
export interface StaffNotification {
  id: number;
  /** The request entity (registry name). */
  entity: string;
  requestId: number;
  /** The status the decision set (a final status of the request's workflow). */
  status: string;
  reason: NotificationReason;
  /** The login that decided. */
  decidedBy: string;
  createdAt: string;
  read: boolean;
}

/** `GET api/account/notifications`: the newest notifications and how many of all are unread. */
export interface NotificationList {
  unread: number;
  items: StaffNotification[];
}

/** A notification is kept this long, read or not: the request's own history keeps the decision for good. */
export const NOTIFICATION_RETENTION_DAYS = 30;
/** The bell lists this many, newest first. */
export const NOTIFICATION_LIST_SIZE = 50;

/**
 * Whether a staff update setting `status` is news for the request's maker and first validator: the request
 * no longer awaits a decision (a final status, or a cash beneficiary validated, which may still be
 * removed). None of the workflows has a "sent back for a fix" status (a request is decided or waits), so a
 * decision is the only news.
 * @example isDecided(workflowOf('cardOrder')!, 'REJECTED') // true
 */
export const isDecided = (workflow: WorkflowDef, status: string): boolean => !workflow.openStatuses.includes(status);
