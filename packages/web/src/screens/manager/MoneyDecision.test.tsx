// The decision form of a request that moves money: the debited account's position (balance, held,
// available), who filed the request, the filer's form read-only with the reason, the books' refusals said
// under the observation without signing out, and the account's figures and statement read again once decided.
import { APP_HEADERS, ROLES } from '@bank/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setUnauthenticatedHandler } from '../../api/http-client';
import { fakeEntityApi, type Call } from '../../test/entity-routes';
import { account, chooseDecision, json, renderRoutes } from '../../test/render';
import { RequestDecisionPage } from './RequestDecisionPage';

const routes = [
  { path: '/entity/:route/view/manager', element: <p>the list</p> },
  { path: '/entity/:route/view/manager/:id/edit', element: <RequestDecisionPage /> },
];

const transfer = (filedBy: string | null, demandStatus = 'PENDING') => ({
  id: 35,
  version: 1,
  amount: '50000',
  demandStatus,
  comment: null,
  createdAt: '2026-11-19T18:34:00Z',
  execDate: null,
  bankAccountId: 4,
  bankAccountNumber: '010000040630',
  clientName: 'Abdoulaye Sy',
  clientCode: 'C0042',
  filedBy,
});

const bankAccount = {
  id: 4,
  version: 3,
  bankAccountNumber: '010000040630',
  balance: '1250000.00',
  blockedAmount: '50000.00',
  availableAmount: '1200000.00',
  authorizedAmount: '0.00',
};

/** The staff decision's PUT, not the form's presence heartbeat. */
const isDecision = (call: Call) => call.method === 'PUT' && call.url.pathname === '/core/api/transfers/35';

function open(login: string, row: ReturnType<typeof transfer>, decide: () => Response = () => json(row)) {
  const api = fakeEntityApi(
    0,
    () => row,
    (call) => {
      if (isDecision(call)) return decide();
      // The request's history beside the decision: none here.
      if (call.url.pathname.includes('/story/')) return json([]);
      if (call.method !== 'GET') return undefined;
      if (call.url.pathname === '/core/api/transfers/35') return json(row);
      if (call.url.pathname === '/core/api/bank-accounts/4') return json(bankAccount);
      return undefined;
    },
  );
  vi.stubGlobal('fetch', api.fetchStub);
  const session = account(login, [login === 'agentsaisie' ? ROLES.AGENTDESAISIE : ROLES.MANAGER]);
  return { api, ...renderRoutes(routes, { path: '/entity/transfer/view/manager/35/edit', session }) };
}

const position = (name: string) => within(screen.getByTestId(`position-${name}`)).getAllByText(/XOF$/)[0]!.textContent;

describe('a transfer’s decision form and the books', () => {
  it('shows the debited account’s balance, held and available amounts, and who filed the request', async () => {
    open('manager', transfer('agentsaisie'));
    await screen.findByTestId('account-position');
    expect(screen.getByText('Position of account 010000040630')).toBeTruthy();
    expect(position('balance')).toBe('1 250 000 XOF');
    expect(position('blockedAmount')).toBe('50 000 XOF');
    expect(position('availableAmount')).toBe('1 200 000 XOF');
    expect(screen.getByText('Filed by')).toBeTruthy();
    expect(screen.getByText('agentsaisie')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Validate' })).toBeTruthy();
  });

  it('holds the position’s place while the account loads, so the buttons below do not move', async () => {
    open('manager', transfer('agentsaisie'));
    expect((await screen.findByTestId('account-position-loading')).getAttribute('aria-busy')).toBe('true');
    await screen.findByTestId('account-position');
    expect(screen.queryByTestId('account-position-loading')).toBeNull();
  });

  it('names the customer’s own channel when no staff member filed it', async () => {
    open('manager', transfer(null));
    expect(await screen.findByText('Customer channel')).toBeTruthy();
  });

  it('leaves the filer a read-only form that says another staff member decides', async () => {
    open('manager', transfer('manager'));
    expect((await screen.findByTestId('read-only-reason')).textContent).toBe(
      'You filed this request: another staff member must decide it.',
    );
    expect(screen.queryByRole('button', { name: 'Validate' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Observation' }).hasAttribute('disabled')).toBe(true);
    // The account's position is still there to read.
    expect(await screen.findByTestId('account-position')).toBeTruthy();
  });

  it('says a refusal of the books under the observation, stays on the form and keeps the session', async () => {
    const signOut = vi.fn();
    setUnauthenticatedHandler(signOut);
    const refusal = () =>
      json({ status: 403, message: 'error.seniorApproval', params: 'transfer' }, 403, {
        [APP_HEADERS.error]: 'error.seniorApproval',
        [APP_HEADERS.params]: 'transfer',
      });
    const { router } = open('manager', transfer('agentsaisie'), refusal);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Observation' }), { target: { value: 'Vu' } });
    await chooseDecision('Validated');
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    expect(
      await screen.findByText('For this amount, one of the two validations must come from a manager or a desk head.'),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/entity/transfer/view/manager/35/edit');
    expect(signOut).not.toHaveBeenCalled();
    setUnauthenticatedHandler(null);
  });

  it('reads the account and its statement again once the decision is saved', async () => {
    const { api, router, queryClient } = open('manager', transfer('agentsaisie'), () =>
      json({ ...transfer('agentsaisie', 'VALIDATED'), version: 2 }),
    );
    await screen.findByTestId('account-position');
    const accountReads = () =>
      api.calls.filter((call) => call.method === 'GET' && call.url.pathname === '/core/api/bank-accounts/4').length;
    const read = accountReads();
    // The account's transactions modal, opened earlier in the session.
    const statement = ['manager', 'account-transactions', 4, { page: 0, size: 10 }, {}];
    queryClient.setQueryData(statement, { rows: [] });
    fireEvent.change(screen.getByRole('textbox', { name: 'Observation' }), { target: { value: 'Contrôlé' } });
    await chooseDecision('Validated');
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/entity/transfer/view/manager'));
    expect(api.calls.find(isDecision)!.body).toMatchObject({
      id: 35,
      version: 1,
      demandStatus: 'VALIDATED',
      comment: 'Contrôlé',
    });
    expect(accountReads()).toBeGreaterThan(read);
    expect(queryClient.getQueryState(statement)?.isInvalidated).toBe(true);
  });
});
