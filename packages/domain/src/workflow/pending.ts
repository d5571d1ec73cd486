// The pending counts of the side menu (spec part 2 §2.17 and §7): which requests wait for staff, by
// menu key: the work queue of each workflow with a request list in the menu (its badge links to that
// queue view and equals its total; issue 38: every request list, transfers included). Read by the
// server's live event stream and `work/counts`, and by the web's menu badges.
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
  transfers: pending('transfer', 'demandStatus'),
  cashBeneficiaries: pending('beneficiaryCash', 'status'),
  provisions: pending('provisionCash', 'demandStatus'),
  checkOppositions: pending('checkOpposition', 'demandStatus'),
  cardOppositions: pending('cardOpposition', 'oppositionStatus'),
  subscriptions: pending('subsRequest', 'requestStatus'),
  corrections: pending('ledgerCorrection', 'demandStatus'),
} as const;

export type PendingKey = keyof typeof PENDING_COUNTS;
export type PendingCounts = Record<PendingKey, number>;
