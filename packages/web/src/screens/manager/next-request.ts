// "… et suivant": the next request of the staff list a decision form was opened from. The form's own
// search string is that list's view (filters, order, page); its query is replayed as the list makes it,
// and the first row that is still open, is not the one just decided, that no other staff member has
// open (their presence claims) and whose four-eyes first validation is not this user's is the next one.
import type { QueryClient } from '@tanstack/react-query';
import { openApprovalsQuery } from '../../api/approvals';
import type { EntityRow } from '../../api/entities';
import { othersClaims } from '../../api/events';
import { preferencesKey, type Preferences } from '../../api/preferences';
import { readRequestListAddress, requestListQuery } from './request-list-query';
import type { RequestType } from './request-types';

/** Pages read at most: a view this long with nothing to decide on them is better read in the list itself. */
const MAX_PAGES = 10;

/** The rows `login` gave the first of two validations of: the second must be someone else's (four-eyes rule). */
async function approvedBy(
  queryClient: QueryClient,
  type: RequestType,
  rows: readonly EntityRow[],
  login: string,
): Promise<Set<number>> {
  const rule = type.workflow.fourEyes;
  const waiting = rule ? rows.filter((row) => row[type.workflow.status] === rule.waiting).map((row) => row.id) : [];
  if (waiting.length === 0) return new Set();
  const open = await queryClient.fetchQuery({ ...openApprovalsQuery(type.entity, waiting), staleTime: 0 });
  return new Set(waiting.filter((id) => open[id]?.some((approval) => approval.login === login)));
}

/**
 * The id of the next request `login` may decide in the list view `search`; null when the view has none
 * left, undefined when its first MAX_PAGES pages have none (the rest is left to the list).
 * From the view's page onwards, then from its first page (the rows before the one the user was on).
 * @example await findNextRequest(queryClient, cardOrders, '?page=2', 12, 'manager')
 */
export async function findNextRequest(
  queryClient: QueryClient,
  type: RequestType,
  search: string,
  currentId: number,
  login: string,
): Promise<number | null | undefined> {
  const preferences = queryClient.getQueryData<Preferences>(preferencesKey);
  const address = readRequestListAddress(type, new URLSearchParams(search), undefined, preferences);
  const closed: readonly string[] = type.workflow.finalStatuses ?? [];
  const read = new Set<number>();
  let page = address.page;
  while (!read.has(page)) {
    if (read.size === MAX_PAGES) return undefined;
    read.add(page);
    // Fetched afresh: the decision just made has changed the list.
    const rows = await queryClient.fetchQuery({ ...requestListQuery(type, { ...address, page }), staleTime: 0 });
    const open = rows.rows.filter(
      (row) => row.id !== currentId && !closed.includes(String(row[type.workflow.status] ?? '')),
    );
    if (open.length > 0) {
      const [claims, mine] = await Promise.all([
        othersClaims(
          type.entity.resource,
          open.map((row) => row.id),
        ),
        approvedBy(queryClient, type, open, login),
      ]);
      const taken = new Set(claims.map((c) => c.id));
      const free = open.find((row) => !taken.has(row.id) && !mine.has(row.id));
      if (free) return free.id;
    }
    page = rows.hasNext ? page + 1 : 1;
  }
  return null;
}
