// A staff list's address read as its rows query (status view, page, order, filters), shared by the list
// controller, the route loader that starts fetching the rows while the page's code downloads, and the
// decision form that finds the next request of the same queue view.
import { can, ENUMS, queueStatuses } from '@bank/domain';
import type { LoaderFunctionArgs } from 'react-router';
import { managerQueries, type ListFilterValues } from '../../api/manager';
import { preferencesKey, type Preferences } from '../../api/preferences';
import { sessionKey } from '../../api/session';
import type { Account } from '../../api/types';
import { queryClientContext } from '../../app/router-context';
import { readListLayout, rememberedLayout } from '../../engine/list-layout';
import { readRequestSort } from './request-sort';
import { requestTypeByRoute, type RequestType } from './request-types';

/** Manager lists are newest first (DESIGN.md §5); a view of work only, oldest first (the queue's order). */
const NEWEST_FIRST = ['createdAt,desc', 'id,desc'];
const OLDEST_FIRST = ['createdAt,asc', 'id,asc'];

/**
 * The status choice of a staff list (`?status=`): 'queue' the statuses awaiting a decision, 'second' the
 * requests waiting for this viewer's second validation (four-eyes types), 'all', or one status.
 */
export type StatusView = string;
export const QUEUE = 'queue';
export const ALL = 'all';
export const SECOND = 'second';

/** What the status views need of a request type: its entity and workflow (the subscription requests too). */
export type Queued = Pick<RequestType, 'entity' | 'workflow'>;

/** Every choice of a type's status filter, in the order shown. */
export function statusViews(type: Queued): StatusView[] {
  const statuses = ENUMS[type.entity.field(type.workflow.status)!.enum!].values;
  return [QUEUE, ...statuses, ...(type.workflow.fourEyes ? [SECOND] : []), ALL];
}

/** The statuses a view shows; null for all of them (and for 'second', which the server selects). */
export function viewStatuses(type: Queued, view: StatusView): readonly string[] | null {
  if (view === QUEUE) return queueStatuses(type.workflow);
  return view === ALL || view === SECOND ? null : [view];
}

/** Whether a view holds only requests awaiting a decision: then it is worked oldest first. */
const isWork = (type: Queued, view: StatusView) =>
  view === SECOND || (viewStatuses(type, view)?.every((s) => queueStatuses(type.workflow).includes(s)) ?? false);

/** The order of a view when no heading chose one. */
export const viewOrder = (type: Queued, view: StatusView) => (isWork(type, view) ? OLDEST_FIRST : NEWEST_FIRST);

/** The criterion of a view's statuses (none for all); alone, the row counters give its total. */
export function viewCriteria(type: Queued, view: StatusView): Record<string, string> {
  const statuses = viewStatuses(type, view);
  return statuses ? { [`${type.workflow.status}.in`]: statuses.join(',') } : {};
}

/**
 * The view an address asks for (`?status=`). Without one, a role that decides on the type opens on its
 * work queue, any other on all; `authorities` absent, the queue.
 */
export function readStatusView(type: Queued, params: URLSearchParams, authorities?: readonly string[]): StatusView {
  const asked = params.get('status') ?? '';
  if (statusViews(type).includes(asked)) return asked;
  return authorities === undefined || can(authorities, 'update', type.entity.name) ? QUEUE : ALL;
}

/** The name a request list's layout is remembered under (list-layout.ts). */
export const requestLayoutName = (type: RequestType) => `request.${type.key}`;

/**
 * What the address says: the status view (readStatusView), the page (from 1) and its size (the address's,
 * else the user's remembered one), the filters' values and the order a heading chose (null: the view's own).
 */
export function readRequestListAddress(
  type: RequestType,
  params: URLSearchParams,
  authorities?: readonly string[],
  preferences?: Preferences,
) {
  const names = (type.filters ?? []).map((filter) => filter.name);
  return {
    status: readStatusView(type, params, authorities),
    page: Math.max(1, Number(params.get('page')) || 1),
    pageSize: readListLayout(params, rememberedLayout(preferences, requestLayoutName(type))).pageSize,
    names,
    filters: Object.fromEntries(names.map((name) => [name, params.get(name) ?? ''])) as ListFilterValues,
    sort: readRequestSort(type, params.get('sort')),
  };
}

export type RequestListAddress = ReturnType<typeof readRequestListAddress>;

/** The rows of a staff list at an address. */
export function requestListQuery(type: RequestType, { status, page, pageSize, filters, sort }: RequestListAddress) {
  const paging = {
    page: page - 1,
    size: pageSize,
    sort: sort ? [`${sort.field},${sort.order}`] : viewOrder(type, status),
  };
  if (status === SECOND) return managerQueries.secondValidation(type.entity, filters, paging);
  // The criteria routes pass a criterion on as it is.
  const criteria = viewCriteria(type, status);
  return type.filters
    ? managerQueries.filtered(type.entity, { ...filters, ...criteria }, paging)
    : managerQueries.requests(type.entity, paging, criteria);
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
  if (queryClient && type) {
    // Usually known by now (start.tsx asks for it first); its role picks the default view.
    const authorities = queryClient.getQueryData<Account | null>(sessionKey)?.authorities;
    // The remembered page size once the list's component has read the preferences (once a session).
    const preferences = queryClient.getQueryData<Preferences>(preferencesKey);
    void queryClient.prefetchQuery(
      requestListQuery(type, readRequestListAddress(type, new URL(request.url).searchParams, authorities, preferences)),
    );
  }
  if (type?.filters) await loadRequestFilters();
  return null;
}
