// The corrections (« écritures de correction ») through the shared staff screens: their list offers the
// supervisors a new one, whose form asks account, amount, direction and reason and comes back to the list.
import { ROLES } from '@bank/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeEntityApi } from '../../test/entity-routes';
import { account, json, renderRoutes } from '../../test/render';
import { RequestCreatePage } from './RequestCreatePage';
import { RequestListPage } from './RequestListPage';

const routes = [
  { path: '/entity/:route/view/manager', element: <RequestListPage /> },
  { path: '/entity/:route/view/manager/new', element: <RequestCreatePage /> },
];

const correction = (id: number) => ({
  id,
  version: 0,
  bankAccountId: 4,
  amount: '15000',
  direction: 'C',
  reason: 'Frais prélevés deux fois',
  demandStatus: 'PENDING',
  comment: null,
  createdAt: '2026-11-19T18:34:00Z',
  updatedAt: null,
  filedBy: 'admin',
  clientName: 'Abdoulaye Sy',
  clientCode: 'C0042',
  bankAccountNumber: '010000040630',
});

function open(role: string, path = '/entity/ledger-correction/view/manager') {
  const api = fakeEntityApi(1, correction, (call) => {
    if (call.method === 'POST') return json(correction(7), 201);
    // The account select's options.
    if (call.url.pathname === '/core/api/bank-accounts') return json([{ id: 4, bankAccountNumber: '010000040630' }]);
    return undefined;
  });
  vi.stubGlobal('fetch', api.fetchStub);
  return { api, ...renderRoutes(routes, { path, session: account('someone', [role]) }) };
}

describe('ledger corrections', () => {
  it('lists them and offers the manager a new one', async () => {
    open(ROLES.MANAGER);
    expect(await screen.findByRole('heading', { name: 'Ledger corrections' })).toBeTruthy();
    const table = await screen.findByTestId('request-table');
    expect(within(table).getByText('Frais prélevés deux fois')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New ledger correction' }).getAttribute('href')).toBe(
      '/entity/ledger-correction/view/manager/new',
    );
  });

  it('offers no new correction to the desk head', async () => {
    open(ROLES.RESPONSABLEDESK);
    await screen.findByTestId('request-table');
    expect(screen.queryByRole('link', { name: 'New ledger correction' })).toBeNull();
  });

  it('files one with its account, amount, direction and reason, then comes back to the list', async () => {
    const { api, router } = open(ROLES.MANAGER, '/entity/ledger-correction/view/manager/new');
    expect(await screen.findByRole('heading', { name: 'Create: Ledger correction' })).toBeTruthy();
    // The status and the observation are the decision's, not the filer's.
    expect(screen.queryByRole('combobox', { name: /^Request status/ })).toBeNull();
    fireEvent.click(screen.getByRole('combobox', { name: /^Bank account/ }));
    fireEvent.click(await screen.findByRole('option', { name: '#4 · 010000040630', hidden: true }));
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '15 000' } });
    fireEvent.click(screen.getByRole('combobox', { name: /^Direction/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Debit', hidden: true }));
    fireEvent.change(screen.getByLabelText(/^Reason/), { target: { value: 'Frais prélevés deux fois' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/entity/ledger-correction/view/manager'));
    const post = api.calls.find((call) => call.method === 'POST')!;
    expect(post.url.pathname).toBe('/core/api/ledger-corrections');
    expect(post.body).toEqual({
      bankAccountId: 4,
      amount: '15000',
      direction: 'D',
      reason: 'Frais prélevés deux fois',
    });
  });
});
