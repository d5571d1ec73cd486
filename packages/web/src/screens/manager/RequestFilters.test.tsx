// The filters a request type declares and its status view drive its criteria route: the beneficiary list
// (spec part 1 §2.14) opens on the decider's work queue and sends whatever is filled to its `filtre`
// search; a list without filters shows none.
import { ROLES } from '@bank/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { account, json, renderRoutes } from '../../test/render';
import { RequestListPage } from './RequestListPage';

const routes = [{ path: '/entity/:route/view/manager', element: <RequestListPage /> }];
const manager = account('manager', [ROLES.MANAGER]);
const agent = account('agentsaisie', [ROLES.AGENTDESAISIE]);

function api() {
  const calls: URL[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url);
    if (url.pathname.endsWith('/status-counts'))
      return json({ statuses: { PENDING: 3, ACCEPTED: 5, REJECTED: 1, DELETED: 0 }, total: 9 });
    return json(
      [{ id: 4, name: 'Moussa Sow', iban: 'SN08', beneficiaryStatus: 'PENDING', clientName: 'Awa Diop' }],
      200,
      {
        'X-Total-Count': '1',
      },
    );
  });
  return { calls, lists: () => calls.filter((url) => url.pathname === '/core/api/_search/beneficiaries/filtre') };
}

describe('request list filters', () => {
  it('opens on the work queue, oldest first, and sends the filled filters and the status view to the filtre search', async () => {
    const { lists } = api();
    const view = renderRoutes(routes, { path: '/entity/beneficiary/view/manager', session: manager });
    await screen.findByText('Moussa Sow');
    expect(lists().at(-1)!.searchParams.get('beneficiaryStatus.in')).toBe('PENDING');
    expect(lists().at(-1)!.searchParams.getAll('sort')).toEqual(['createdAt,asc', 'id,asc']);
    // Each status with its count, from the counters.
    expect(((await screen.findByRole('radio', { name: 'To process (3)' })) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('radio', { name: 'Accepted (5)' })).toBeTruthy();
    // The filters' code loads on its own, beside the rows.
    fireEvent.change(await screen.findByLabelText('Client reference'), { target: { value: 'CL0042' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lists().at(-1)!.searchParams.get('reference')).toBe('CL0042'));
    expect(lists().at(-1)!.searchParams.get('beneficiaryStatus.in')).toBe('PENDING');
    expect(lists().at(-1)!.searchParams.has('name')).toBe(false);

    fireEvent.click(screen.getByRole('radio', { name: 'All (9)' }));
    await waitFor(() => expect(lists().at(-1)!.searchParams.has('beneficiaryStatus.in')).toBe(false));
    expect(lists().at(-1)!.searchParams.getAll('sort')).toEqual(['createdAt,desc', 'id,desc']);
    expect(lists().at(-1)!.searchParams.get('reference')).toBe('CL0042');
    expect(view.router.state.location.search).toBe('?status=all&reference=CL0042');
  });

  it('opens on all requests for a role that decides none', async () => {
    const { lists } = api();
    renderRoutes(routes, { path: '/entity/beneficiary/view/manager', session: agent });
    await screen.findByText('Moussa Sow');
    expect(lists().at(-1)!.searchParams.has('beneficiaryStatus.in')).toBe(false);
    expect(((await screen.findByRole('radio', { name: 'All (9)' })) as HTMLInputElement).checked).toBe(true);
  });

  it('shows no filters and no selection on a list that declares none', async () => {
    const { calls } = api();
    renderRoutes(routes, { path: '/entity/card-order/view/manager', session: manager });
    await waitFor(() => expect(calls.some((url) => url.pathname === '/core/api/card-orders')).toBe(true));
    expect(screen.queryByRole('search')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export selection' })).toBeNull();
  });
});
