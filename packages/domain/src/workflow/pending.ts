// The pending counts of the side menu (spec part 2 §2.17 and §7): which requests wait for staff, by
// menu key. Read by the server's live event stream and by the web's menu badges.
export const PENDING_COUNTS = {
  cards: { entity: 'cardOrder', field: 'orderStatus', status: 'PENDING' },
  checkbooks: { entity: 'checkbookOrder', field: 'demandStatus', status: 'IN_PROGRESS' },
  beneficiaries: { entity: 'beneficiary', field: 'beneficiaryStatus', status: 'PENDING' },
} as const;

export type PendingKey = keyof typeof PENDING_COUNTS;
export type PendingCounts = Record<PendingKey, number>;
