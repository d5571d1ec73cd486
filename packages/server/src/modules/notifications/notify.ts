// Who is told of a decision, and the write that tells them (issue 38): the request's maker (filedBy) and
// whoever gave its first four-eyes validation still open, never the decider. The rows go in the statement
// of the decision itself (a companion write of the workflow's update), so a notification exists exactly
// when the decision does.
import type { NotificationReason } from '@bank/domain';
import type { Actor, CompanionWrite, Row } from '../../engine/entity-service';
import type { Approval } from '../../workflow/four-eyes';

export interface Recipient {
  login: string;
  reason: NotificationReason;
}

/**
 * The logins to tell of a decision on `before` by `actor`. The `open` approvals were read before the
 * update, for the four-eyes rule: only a status change writes them, and it raises the version, so the
 * update's version guard makes them the ones the decision settles.
 */
export function recipientsOf(before: Row, actor: Actor, open: readonly Approval[]): Recipient[] {
  const recipients: Recipient[] = [];
  if (typeof before.filedBy === 'string' && before.filedBy !== actor.login)
    recipients.push({ login: before.filedBy, reason: 'filed' });
  for (const approval of open) {
    if (approval.login !== actor.login && !recipients.some((r) => r.login === approval.login))
      recipients.push({ login: approval.login, reason: 'approved' });
  }
  return recipients;
}

/** The insert of one notification per recipient, reading the written request `t` (nothing if not written). */
export function notificationInsert(
  entity: string,
  status: string,
  decidedBy: string,
  recipients: readonly Recipient[],
): CompanionWrite {
  return (params) => {
    const rows = recipients.map((r) => `(${params.add(r.login)}::varchar, ${params.add(r.reason)}::varchar)`);
    return `insert into staff_notification (login, request_entity, request_id, reason, status, decided_by)
      select r.login, ${params.add(entity)}, t.id, r.reason, ${params.add(status)}, ${params.add(decidedBy)}
        from t cross join (values ${rows.join(', ')}) as r (login, reason)`;
  };
}
