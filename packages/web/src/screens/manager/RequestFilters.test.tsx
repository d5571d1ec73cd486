// The filters a request type declares drive its criteria route: the beneficiary list (spec part 1
// §2.14) sends whatever is filled to its `filtre` search, and a list without filters shows none.
import { ROLES } from '@bank/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { account, json, renderRoutes } from '../../test/render';
import { RequestListPage } from './RequestListPage';

const routes = [{ path: '/entity/:route/view/manager', element: <RequestListPage /> }];
const manager = account('manager', [ROLES.MANAGER]);

function api() {
  const calls: URL[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url);
    return json(
      [{ id: 4, name: 'Moussa Sow', iban: 'SN08', beneficiaryStatus: 'PENDING', clientName: 'Awa Diop' }],
      200,
      {
        'X-Total-Count': '1',
      },
    );
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

describe('request list filters', () => {
  it('sends the filled beneficiary filters to the filtre search', async () => {
    const calls = api();
    renderRoutes(routes, { path: '/entity/beneficiary/view/manager', session: manager });
    await screen.findByText('Moussa Sow');
    expect(calls.at(-1)!.pathname).toBe('/core/api/_search/beneficiaries/filtre');
    // The filters' code loads on its own, beside the rows.
    fireEvent.change(await screen.findByLabelText('Client reference'), { target: { value: 'CL0042' } });
    fireEvent.click(screen.getByRole('combobox', { name: 'Request state' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Pending', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(calls.at(-1)!.searchParams.get('reference')).toBe('CL0042'));
    expect(calls.at(-1)!.searchParams.get('type')).toBe('PENDING');
    expect(calls.at(-1)!.searchParams.has('name')).toBe(false);
  });

  it('shows no filters and no selection on a list that declares none', async () => {
    const calls = api();
    renderRoutes(routes, { path: '/entity/card-order/view/manager', session: manager });
    await waitFor(() => expect(calls.at(-1)?.pathname).toBe('/core/api/card-orders'));
    expect(screen.queryByRole('search')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Export selection' })).toBeNull();
  });
});
