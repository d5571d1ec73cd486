// The home page's "My work" summary (issue 21): one call for the queues, the inbox and the charts. Under
// the manager key, so that a decision or a live `pending` event refreshes it with the lists; a live `saved`
// event refreshes it alone (app/use-live-events.ts).
import type { WorkSummary } from '@bank/domain';
import { queryOptions } from '@tanstack/react-query';
import { requestData } from './http-client';
import { MANAGER_KEY, PENDING_REFRESH_MS } from './pending';

export const workSummaryQuery = () =>
  queryOptions({
    queryKey: [...MANAGER_KEY, 'work'],
    queryFn: ({ signal }) =>
      requestData<WorkSummary>('core/api/work/summary', { signal, errorMessage: false, background: true }),
    // The ages and the SLA figures move with the clock as well as with the events.
    refetchInterval: PENDING_REFRESH_MS,
  });
