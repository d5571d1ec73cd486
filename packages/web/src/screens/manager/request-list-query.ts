// A staff list's address read as its rows query (page, order, filters), shared by the list controller
// and the route loader that starts fetching the rows while the page's code downloads.
import type { LoaderFunctionArgs } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../api/entities';
import { managerQueries, type ListFilterValues } from '../../api/manager';
import { queryClientContext } from '../../app/query-client';
import { readRequestSort } from './request-sort';
import { requestTypeByRoute, type RequestType } from './request-types';

/** Manager lists are newest first (DESIGN.md §5). */
const NEWEST_FIRST = ['createdAt,desc', 'id,desc'];

/** What the address says: the page (from 1), the filters' values and the order a heading chose (null: newest first). */
export function readRequestListAddress(type: RequestType, params: URLSearchParams) {
  const names = (type.filters ?? []).map((filter) => filter.name);
  return {
    page: Math.max(1, Number(params.get('page')) || 1),
    names,
    filters: Object.fromEntries(names.map((name) => [name, params.get(name) ?? ''])) as ListFilterValues,
    sort: readRequestSort(type, params.get('sort')),
  };
}

export type RequestListAddress = ReturnType<typeof readRequestListAddress>;

/** The rows of a staff list at an address. */
export function requestListQuery(type: RequestType, { page, filters, sort }: RequestListAddress) {
  const paging = {
    page: page - 1,
    size: DEFAULT_PAGE_SIZE,
    sort: sort ? [`${sort.field},${sort.order}`] : NEWEST_FIRST,
  };
  return type.filters
    ? managerQueries.filtered(type.entity, filters, paging)
    : managerQueries.requests(type.entity, paging);
}

let loadedFilters: typeof import('./RequestFilters') | undefined;

/** The filters' code: loaded by the lists that have filters only, as soon as the route is known. */
export const loadRequestFilters = () => import('./RequestFilters').then((module) => (loadedFilters = module));

/** The filters' code once it has arrived, to draw them with the rows rather than a lazy render later. */
export const loadedRequestFilters = () => loadedFilters;

/**
 * Starts the rows' fetch and lets the page render without waiting for it (the page's query picks up the
 * same fetch); when the list has filters, waits for their code, so that they are drawn with the list
 * rather than pushing it down a render later.
 */
export async function requestListLoader({ params, request, context }: LoaderFunctionArgs) {
  const queryClient = context.get(queryClientContext);
  const type = requestTypeByRoute(params.route);
  if (queryClient && type)
    void queryClient.prefetchQuery(
      requestListQuery(type, readRequestListAddress(type, new URL(request.url).searchParams)),
    );
  if (type?.filters) await loadRequestFilters();
  return null;
}
