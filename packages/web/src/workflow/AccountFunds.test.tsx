// A new transfer's form and the books: the chosen account's available amount, a warning before a save the
// account cannot cover (the save stays possible), and the server's refusal with its figure next to the amount.
import { APP_HEADERS, ROLES } from '@bank/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { entityRoutes, fakeEntityApi, type Call } from '../test/entity-routes';
import { account, json, renderRoutes } from '../test/render';
import { fundsShortfall } from './AccountFunds';

describe('fundsShortfall', () => {
  const position = { availableAmount: '150000.00', authorizedAmount: '50000.00' };

  it.each([
    ['200000', null],
    ['200001', 200000n],
    ['1 000', null],
    ['12.5', null],
    ['', null],
  ])('%s XOF → %s', (amount, expected) => {
    expect(fundsShortfall(position, amount)).toBe(expected);
  });

  it('reads an account without overdraft as none', () => {
    expect(fundsShortfall({ availableAmount: '100.00', authorizedAmount: null }, '101')).toBe(100n);
  });
});

const bankAccount = {
  id: 2,
  version: 1,
  bankAccountNumber: '010000040632',
  balance: '150000.00',
  blockedAmount: '0.00',
  availableAmount: '150000.00',
  authorizedAmount: '0.00',
};

function open(answer: (call: Call) => Response | undefined) {
  const api = fakeEntityApi(
    3,
    (id) => ({ ...bankAccount, id, bankAccountNumber: `01000004063${id}` }),
    (call) =>
      call.method === 'GET' && call.url.pathname === '/core/api/bank-accounts/2' ? json(bankAccount) : answer(call),
  );
  vi.stubGlobal('fetch', api.fetchStub);
  renderRoutes(entityRoutes, { path: '/entity/transfer/new', session: account('agentsaisie', [ROLES.AGENTDESAISIE]) });
  return api;
}

async function fill(amount: string) {
  await screen.findByRole('heading', { name: 'Create: Transfer' });
  fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: amount } });
  fireEvent.click(screen.getByRole('combobox', { name: /^Bank account/ }));
  fireEvent.click(await screen.findByRole('option', { name: '#2 · 010000040632', hidden: true }));
}

describe('a new transfer’s form and the account’s funds', () => {
  it('shows what the chosen account has available, and warns before an amount it cannot give', async () => {
    const api = open((call) => (call.method === 'POST' ? json({ id: 9, version: 0 }, 201) : undefined));
    await fill('200 000');
    expect((await screen.findByTestId('available-funds')).textContent).toContain(
      'Available on this account: 150 000 XOF (authorised overdraft: 0 XOF).',
    );
    expect(screen.getByTestId('funds-warning').textContent).toBe(
      'This amount is more than the account can give (150 000 XOF, overdraft included): saving will likely be refused.',
    );
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '150000' } });
    await waitFor(() => expect(screen.queryByTestId('funds-warning')).toBeNull());
    // The warning never stops a save: the server decides.
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '200000' } });
    await screen.findByTestId('funds-warning');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(api.calls.find((call) => call.method === 'POST')!.body).toMatchObject({
      amount: '200000',
      bankAccountId: 2,
    });
  });

  it('puts the server’s figure next to the amount when it refuses for want of funds', async () => {
    open((call) =>
      call.method === 'POST'
        ? json(
            {
              status: 400,
              message: 'error.insufficientFunds',
              figures: { available: '120000', authorized: '0' },
              fieldErrors: [{ objectName: 'bankAccount', field: 'amount', message: 'InsufficientFunds' }],
            },
            400,
            { [APP_HEADERS.error]: 'error.insufficientFunds', [APP_HEADERS.params]: '120000' },
          )
        : undefined,
    );
    await fill('140000');
    await screen.findByTestId('available-funds');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Insufficient funds: 120 000 XOF available, plus an authorised overdraft of 0 XOF.'),
    ).toBeTruthy();
    expect(screen.getByLabelText(/^Amount/).getAttribute('aria-invalid')).toBe('true');
  });
});
