// The cash and SMS entries of the request-type table through the shared staff screens: a provision
// is decided by the cash agents only, a finished one shows its observation read-only with no input,
// amounts have spaces, the SMS list shortens the account number and its form sends price and client.
import { ROLES } from '@bank/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeEntityApi, type Call } from '../../test/entity-routes';
import { account, chooseDecision, json, renderRoutes } from '../../test/render';
import { RequestDecisionPage } from './RequestDecisionPage';
import { RequestListPage } from './RequestListPage';

const routes = [
  { path: '/entity/:route/view/manager', element: <RequestListPage /> },
  { path: '/entity/:route/view/manager/:id/edit', element: <RequestDecisionPage /> },
];

const provision = (id: number, demandStatus = 'PENDING', motif: string | null = null) => ({
  id,
  version: 2,
  motifProvision: 'Frais médicaux',
  amount: '1835000.00',
  demandStatus,
  executionDate: null,
  createdAt: '2026-11-19T18:34:00Z',
  updatedAt: null,
  motif,
  beneficiaryCashId: 3,
  bankAccountId: 4,
  branchId: 5,
  beneficiaryCashFirstName: 'Ousmane',
  beneficiaryCashLastName: 'Sy',
  beneficiaryCashIdentificationNumero: '2349493273505',
  bankAccountNumber: '010000040630',
  bankAccountOwner: 'Abdoulaye Sy',
  branchName: 'Agence Tambacounda',
});

const sms = (id: number) => ({
  id,
  version: 0,
  fullName: 'Awa Diop',
  iban: 'SN63SN0120400101000000012767',
  phoneNumber: '+221770000000',
  priceService: '500.00',
  comment: null,
  createdAt: '2026-11-19T18:34:00Z',
  updatedAt: null,
  demandStatus: 'INPROGRESS',
  clientId: 7,
  notityTypes: [{ id: 1, label: 'Retrait' }],
});

function open(path: string, role: string, row: Record<string, unknown>, answer: (c: Call) => Response | undefined) {
  const api = fakeEntityApi(
    2,
    () => row,
    (call) => {
      if (call.method === 'GET' && /\/\d+$/.test(call.url.pathname)) return json(row);
      // The request's history beside the decision: none here.
      if (call.url.pathname.includes('/story/')) return json([]);
      return answer(call);
    },
  );
  vi.stubGlobal('fetch', api.fetchStub);
  return { api, ...renderRoutes(routes, { path, session: account('someone', [role]) }) };
}

/** The staff decision's PUT, not the form's presence heartbeat. */
const isDecision = (call: Call) => call.method === 'PUT' && !call.url.pathname.startsWith('/core/api/presence/');

describe('cash provisions and SMS subscriptions', () => {
  it('lists provisions with spaced amounts and lets the cash agent validate one', async () => {
    const { api, router } = open('/entity/provision-cash/view/manager/35/edit', ROLES.AGENTCA, provision(35), (call) =>
      isDecision(call) ? json({ ...provision(35, 'VALIDATED', 'Remis'), version: 3 }) : undefined,
    );
    expect(await screen.findByText('Abdoulaye Sy')).toBeTruthy();
    expect(screen.getByText('1 835 000 XOF')).toBeTruthy();
    expect(screen.getByTestId('print-link').getAttribute('href')).toBe('/entity/provision-cash/35/print');
    await chooseDecision('Validated');
    fireEvent.change(screen.getByRole('textbox', { name: 'Observation' }), { target: { value: 'Remis' } });
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/entity/provision-cash/view/manager'));
    const put = api.calls.find((call) => isDecision(call))!;
    expect(put.url.pathname).toBe('/core/api/provision-cashes/35');
    expect(put.body).toMatchObject({ id: 35, version: 2, demandStatus: 'VALIDATED', motif: 'Remis' });
    const table = await screen.findByTestId('request-table');
    expect(within(table).getAllByText('1 835 000 XOF').length).toBeGreaterThan(0);
  });

  it('offers the manager no decision on a provision', async () => {
    open('/entity/provision-cash/view/manager/35/edit', ROLES.MANAGER, provision(35), () => undefined);
    expect(await screen.findByText('Abdoulaye Sy')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Validate' })).toBeNull();
  });

  it('shows a finished provision read-only: no status or observation input, the observation as text', async () => {
    open(
      '/entity/provision-cash/view/manager/36/edit',
      ROLES.AGENTCA,
      provision(36, 'VALIDATED', 'Remis au guichet'),
      () => undefined,
    );
    expect(await screen.findByText('Remis au guichet')).toBeTruthy();
    expect(screen.getByTestId('observation-read-only')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Observation' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Validate' })).toBeNull();
    expect(screen.getAllByText('Validated')).toHaveLength(1);
  });

  it('shortens the account number in the SMS list and sends the edited price with the decision', async () => {
    const { api } = open('/entity/sms-subscription/view/manager', ROLES.MANAGER, sms(8), (call) =>
      isDecision(call) ? json(sms(8)) : undefined,
    );
    const table = await screen.findByTestId('request-table');
    expect(within(table).getAllByText('SN63SN…')).toHaveLength(2);
    fireEvent.click(within(table).getAllByRole('link', { name: 'Edit' })[0]!);
    expect(await screen.findByText('Retrait')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Service price' }), { target: { value: '750' } });
    await chooseDecision('Validated');
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    await waitFor(() => expect(api.calls.some((call) => isDecision(call))).toBe(true));
    const put = api.calls.find((call) => isDecision(call))!;
    expect(put.url.pathname).toBe('/core/api/sms-subscriptions/8');
    expect(put.body).toMatchObject({ priceService: '750', clientId: 7, demandStatus: 'VALIDATED' });
  });
});
