// The pending counts of the side menu (spec part 2 §2.17 and §7): which requests wait for staff, by
// menu key: the work queue of each workflow (its badge links to that queue view and equals its total).
// Read by the server's live event stream and by the web's menu badges.
import { queueStatuses, workflowOf } from './workflows';

const pending = <E extends string, F extends string>(entity: E, field: F) => ({
  entity,
  field,
  statuses: queueStatuses(workflowOf(entity)!),
});

export const PENDING_COUNTS = {
  cards: pending('cardOrder', 'orderStatus'),
  checkbooks: pending('checkbookOrder', 'demandStatus'),
  beneficiaries: pending('beneficiary', 'beneficiaryStatus'),
} as const;

export type PendingKey = keyof typeof PENDING_COUNTS;
export type PendingCounts = Record<PendingKey, number>;
