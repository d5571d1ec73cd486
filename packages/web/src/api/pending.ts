// The side menu's pending counts (spec part 2 §2.17: each request type's work queue) and the paged fetch
// of the staff lists; kept apart from the manager queries so that the shell does not carry the registry.
import { APP_HEADERS, PENDING_COUNTS, type PendingCounts, type PendingKey } from '@bank/domain';
import { queryOptions } from '@tanstack/react-query';
import { inexact, type EntityPage, type EntityRow } from './entities';
import { request, type Query } from './http-client';

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
) {
  const { data, headers } = await request<EntityRow[]>(path, {
    signal,
    ...(background ? { errorMessage: false as const, background } : {}),
    query: { ...query, page: params.page, size: params.size, sort: params.sort },
  });
  const rows = Array.isArray(data) ? data : [];
  const total = Number(headers.get(APP_HEADERS.totalCount) ?? rows.length);
  const hasNext = (params.page + 1) * params.size < total || inexact(headers).exact === false;
  return { rows, total, page: params.page, hasNext, ...inexact(headers) } satisfies EntityPage;
}

/** The request lists the side menu counts: their work queues (the row counters give those totals). */
const PENDING_PATHS: Record<PendingKey, string> = {
  cards: 'core/api/card-orders',
  checkbooks: 'core/api/checkbook-orders',
  beneficiaries: 'core/api/beneficiaries',
};

/** Each count's list and criteria, from the domain: a page of one row, the total read. */
export const PENDING_SOURCES = Object.fromEntries(
  Object.entries(PENDING_COUNTS).map(([key, source]) => [
    key,
    { path: PENDING_PATHS[key as PendingKey], query: { [`${source.field}.in`]: source.statuses.join(',') } },
  ]),
) as Record<PendingKey, { path: string; query: Query }>;

export type { PendingCounts, PendingKey } from '@bank/domain';

/** The side menu's counts: three pages of one row, their totals read. */
export const pendingQuery = () =>
  queryOptions({
    queryKey: [...MANAGER_KEY, 'pending'],
    queryFn: async ({ signal }): Promise<PendingCounts> => {
      const entries = await Promise.all(
        Object.entries(PENDING_SOURCES).map(async ([key, source]) => {
          // A count that fails to refresh keeps its last value: no toast every minute.
          const page = await fetchPage(source.path, source.query, { page: 0, size: 1 }, signal, true);
          return [key, page.total] as const;
        }),
      );
      return Object.fromEntries(entries) as PendingCounts;
    },
    refetchInterval: PENDING_REFRESH_MS,
  });
