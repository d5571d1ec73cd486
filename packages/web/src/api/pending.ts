// The side menu's pending counts (spec part 2 §2.17: each request type's work queue, and the checker
// inbox) and the paged fetch of the staff lists; kept apart from the manager queries so that the shell does not carry the registry.
import { APP_HEADERS, type WorkCounts } from '@bank/domain';
import { queryOptions } from '@tanstack/react-query';
import { inexact, type EntityPage, type EntityRow } from './entities';
import { request, requestData, type Query } from './http-client';

/** Every staff query key starts here: a decision refreshes them all (lists, counts, histories). */
export const MANAGER_KEY = ['manager'] as const;
/** The side menu's counts are refreshed this often (and after each decision). */
export const PENDING_REFRESH_MS = 60_000;

export interface PageParams {
  page: number;
  size: number;
  sort?: readonly string[];
}

/** One page of any list path with its query (criteria, filters); the total from X-Total-Count. */
/** `background`: a refresh the app makes by itself: no toast, and not counted as use of the session. */
export async function fetchPage(
  path: string,
  query: Query,
  params: PageParams,
  signal?: AbortSignal,
  background = false,
): Promise<EntityPage> {
  const { data, headers } = await request<EntityRow[]>(path, {
    signal,
    ...(background ? { errorMessage: false as const, background } : {}),
    query: { ...query, page: params.page, size: params.size, sort: params.sort },
  });
  const rows = Array.isArray(data) ? data : [];
  const total = Number(headers.get(APP_HEADERS.totalCount) ?? rows.length);
  const hasNext = (params.page + 1) * params.size < total || inexact(headers).exact === false;
  const source = { path, query: { ...query, sort: params.sort } };
  return { rows, total, page: params.page, hasNext, ...inexact(headers), source };
}

export type { PendingCounts, PendingKey } from '@bank/domain';

/**
 * The side menu's figures: each request list's queue and this viewer's checker inbox, in one call
 * (`work/counts`: row counters and capped counts, no rows).
 */
export const pendingQuery = () =>
  queryOptions({
    queryKey: [...MANAGER_KEY, 'pending'],
    // A count that fails to refresh keeps its last value: no toast every minute.
    queryFn: ({ signal }) =>
      requestData<WorkCounts>('core/api/work/counts', { signal, errorMessage: false, background: true }),
    refetchInterval: PENDING_REFRESH_MS,
  });
