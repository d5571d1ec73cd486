// The side menu's pending counts (domain PENDING_COUNTS): read from the maintained row counters, never a
// scan of a request table. Sent by the live event stream and answered by `work/counts`.
import { PENDING_COUNTS, entityByName, workflowOf, type PendingCounts, type PendingKey } from '@bank/domain';
import type { Database } from '../../db/database';
import { rowCountsOf } from '../../engine/totals';

/** Each count's table and statuses. */
const COUNT_SOURCES = Object.entries(PENDING_COUNTS).map(([key, source]) => {
  const entity = entityByName(source.entity);
  // The counters count a request table by its workflow status: a count on another field could not use them.
  if (workflowOf(source.entity)?.status !== source.field) {
    throw new Error(`pending count ${key}: ${source.field} is not the workflow status of ${source.entity}`);
  }
  return { key: key as PendingKey, table: entity.table, statuses: source.statuses };
});

export async function pendingCounts(db: Database): Promise<PendingCounts> {
  const counters = rowCountsOf(db);
  const values = await Promise.all(COUNT_SOURCES.map((c) => counters.count(c.table, c.statuses)));
  return Object.fromEntries(COUNT_SOURCES.map((c, i) => [c.key, values[i]!])) as PendingCounts;
}
