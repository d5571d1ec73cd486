// The home page's "My work" summary (issue 21): one call for the queues, the inbox and the charts. Under
// the manager key, so that a decision or a live `pending` event refreshes it with the lists; a live `saved`
// event refreshes it alone (app/use-live-events.ts).
import type { BulkDecision, BulkOutcome, WorkFiledRow, WorkInboxRow, WorkSummary } from '@bank/domain';
import { queryOptions } from '@tanstack/react-query';
import { requestData } from './http-client';
import { MANAGER_KEY, PENDING_REFRESH_MS, fetchPage } from './pending';

export const workSummaryQuery = () =>
  queryOptions({
    queryKey: [...MANAGER_KEY, 'work'],
    queryFn: ({ signal }) =>
      requestData<WorkSummary>('core/api/work/summary', { signal, errorMessage: false, background: true }),
    // The ages and the SLA figures move with the clock as well as with the events.
    refetchInterval: PENDING_REFRESH_MS,
  });

/** « Mes saisies »: refreshed with the staff lists, and when a notification says one of them was decided. */
export const FILED_KEY = [...MANAGER_KEY, 'filed'] as const;

/** A page of « Mes saisies » (`work/filed`): the requests the user filed, of every type, newest first. */
export const filedQuery = (page: number, size: number) =>
  queryOptions({
    queryKey: [...FILED_KEY, page, size],
    queryFn: async ({ signal }) => {
      const found = await fetchPage('core/api/work/filed', {}, { page, size }, signal);
      return { ...found, rows: found.rows as unknown as WorkFiledRow[] };
    },
  });

/** The checker inbox's filters, as the address and the query string carry them. */
export interface InboxFilters {
  type?: string;
  maker?: string;
  minAmount?: string;
  maxAmount?: string;
  olderThanHours?: string;
  second?: string;
}

/** A page of « À décider » (`work/inbox`): what awaits the user's decision across types. */
export const inboxQuery = (filters: InboxFilters, page: number, size: number) =>
  queryOptions({
    queryKey: [...MANAGER_KEY, 'inbox', filters, page, size],
    queryFn: async ({ signal }) => {
      const found = await fetchPage('core/api/work/inbox', { ...filters }, { page, size }, signal);
      return { ...found, rows: found.rows as unknown as WorkInboxRow[] };
    },
  });

/** `work/decisions`: one decision and one observation for several requests, answered per request. */
export const decideInBulk = (body: {
  decision: BulkDecision;
  observation: string;
  items: ReadonlyArray<{ entity: string; id: number; version: number }>;
}) => requestData<BulkOutcome[]>('core/api/work/decisions', { method: 'POST', body });
