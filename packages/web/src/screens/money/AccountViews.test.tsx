// The account views of the client file (spec part 2 §2.3–2.5): the transactions modal over the client
// file with its filters and pages, the transfers modal's criteria, closing back to the file, and the
// printable 'Détails transaction' with the bank header and the page date.
import { ROLES } from '@bank/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { account, json, renderRoutes } from '../../test/render';
import { AccountTransactionsPage, AccountTransfersPage } from './AccountModalPage';
import { TransactionPrintPage, TransferPrintPage } from './MoneyDetailPages';

const routes: RouteObject[] = [
  { path: '/entity/bank-account/view/manager/:id', element: <p>client file route</p> },
  {
    path: '/entity/bank-account/view/manager/client/bankAccount/transaction/:id',
    element: <AccountTransactionsPage />,
  },
  { path: '/entity/transfer/view/manager/client/bankAccount/transfers/:id', element: <AccountTransfersPage /> },
  { path: '/entity/transaction/view/manager/client/bankAccount/transaction/:id', element: <TransactionPrintPage /> },
  { path: '/entity/transfer/view/manager/client/bankAccount/detail/:id', element: <TransferPrintPage /> },
];
const manager = account('manager', [ROLES.MANAGER]);

const transaction = (id: number) => ({
  id,
  transactionNumber: `TRX-${id}`,
  amount: '1250.50',
  label: 'Retrait GAB',
  direction: id % 2 ? 'C' : 'D',
  transactionDate: '2026-05-02T17:45:00Z',
  imputationDate: '2026-05-03T00:00:00Z',
  valueDate: null,
  ownerName: 'Awa Diop',
  bankAccountNumber: 'SN0120000012',
});

function api() {
  const calls: URL[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url);
    const page = Number(url.searchParams.get('page') ?? 0);
    switch (url.pathname) {
      case '/core/api/bank-accounts/12':
        return json({ id: 12, bankAccountNumber: 'SN0120000012', clientId: 5 });
      case '/core/api/clients/5':
        return json({ id: 5, name: 'Awa Diop', clientCode: 'CL005' });
      case '/core/api/bank-accounts/client/5':
        return json([{ id: 12, bankAccountNumber: 'SN0120000012', balance: '1000' }], 200, { 'X-Total-Count': '1' });
      case '/core/api/serenity-users/info/5':
        return json([]);
      case '/core/api/transactions/_search/modal':
        return json(
          Array.from({ length: page === 2 ? 5 : 10 }, (_, i) => transaction(page * 10 + i + 1)),
          200,
          { 'X-Total-Count': '25' },
        );
      case '/core/api/criterial_search/transfers':
        return json([{ id: 77, amount: '90000', demandStatus: 'PENDING', beneficiaryName: 'Moussa Sow' }], 200, {
          'X-Total-Count': '1',
        });
      case '/core/api/transactions/9':
        return json(transaction(9));
      default:
        return new Response(null, { status: 204 });
    }
  });
  return { last: (path: string) => calls.filter((url) => url.pathname === path).at(-1)!.searchParams };
}

/** The date pickers' first load in a test (a few hundred modules to transform) can take longer than a page's. */
const PICKERS = { timeout: 20_000 };

describe('account transactions modal', () => {
  it('lists the account transactions over the client file, filters them and pages', async () => {
    const { last } = api();
    const view = renderRoutes(routes, {
      path: '/entity/bank-account/view/manager/client/bankAccount/transaction/12',
      session: manager,
    });
    const modal = await screen.findByRole('dialog', { name: 'Account transactions' });
    expect(await within(modal).findByText('TRX-1')).toBeTruthy();
    // The client file stays under the modal.
    expect(await screen.findByText('CL005')).toBeTruthy();
    const path = '/core/api/transactions/_search/modal';
    expect(last(path).toString()).toBe('bankaccount=12&page=0&size=10');
    expect(within(modal).getAllByText('1 250,50 XOF')).toHaveLength(10);

    fireEvent.click(within(modal).getByRole('button', { name: 'Page 3' }));
    expect(await within(modal).findByText('TRX-25')).toBeTruthy();
    expect(last(path).get('page')).toBe('2');

    // A mistyped amount is told here and asks the server nothing.
    const amount = within(modal).getByLabelText('Amount');
    fireEvent.change(amount, { target: { value: '12x' } });
    fireEvent.click(within(modal).getByRole('button', { name: 'Search' }));
    expect(within(modal).getByText('Invalid amount')).toBeTruthy();
    expect(last(path).get('page')).toBe('2');

    fireEvent.change(amount, { target: { value: '1 250,50' } });
    fireEvent.change(within(modal).getByLabelText('Reference'), { target: { value: 'TRX' } });
    // The date reads DD/MM/YYYY, typed the way the screen shows it (its picker loads on first use).
    fireEvent.change(await within(modal).findByPlaceholderText('dd/mm/yyyy', {}, PICKERS), {
      target: { value: '02/05/2026' },
    });
    fireEvent.click(within(modal).getByRole('combobox', { name: 'Type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'D – Debit', hidden: true }));
    fireEvent.click(within(modal).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(last(path).get('type')).toBe('D'));
    expect(last(path).get('montant')).toBe('1 250,50');
    expect(last(path).get('enddate')).toBe('2026-05-02');
    expect(last(path).get('reference')).toBe('TRX');
    expect(last(path).get('page')).toBe('0');

    expect(await within(modal).findByText('TRX-1')).toBeTruthy();
    const detail = within(modal).getAllByRole('link', { name: 'Print' })[0]!;
    expect(detail.getAttribute('href')).toBe('/entity/transaction/view/manager/client/bankAccount/transaction/1');

    fireEvent.keyDown(modal, { key: 'Escape' });
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/entity/bank-account/view/manager/5'));
  }, 60_000); // The client file, the modal and the date picker's first load, on a loaded machine.

  it('filters the account transfers by status and day through the transfer criteria', async () => {
    const { last } = api();
    renderRoutes(routes, { path: '/entity/transfer/view/manager/client/bankAccount/transfers/12', session: manager });
    const modal = await screen.findByRole('dialog', { name: 'Account transfers' });
    expect(await within(modal).findByText('Moussa Sow')).toBeTruthy();
    const path = '/core/api/criterial_search/transfers';
    expect(last(path).get('bankaccount')).toBe('12');
    fireEvent.click(within(modal).getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Pending', hidden: true }));
    fireEvent.change(await within(modal).findByPlaceholderText('dd/mm/yyyy', {}, PICKERS), {
      target: { value: '10/03/2026' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(last(path).get('status')).toBe('PENDING'));
    expect(last(path).get('startdate')).toBe('2026-03-10');
    expect(last(path).get('enddate')).toBe('2026-03-10');
    expect(within(modal).getByRole('link', { name: 'Details' }).getAttribute('href')).toBe(
      '/entity/transfer/view/manager/client/bankAccount/detail/77',
    );
  });
});

describe('printable details', () => {
  it('shows the transaction in the spec order under the bank header, and prints', async () => {
    api();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderRoutes(routes, {
      path: '/entity/transaction/view/manager/client/bankAccount/transaction/9',
      session: manager,
    });
    const sheet = await screen.findByTestId('print-sheet');
    await within(sheet).findByText('TRX-9');
    const rows = within(sheet)
      .getAllByRole('row')
      .map((row) => [row.querySelector('th')!.textContent, row.querySelector('td')!.textContent]);
    expect(rows).toEqual([
      ['Full name', 'Awa Diop'],
      ['Reference', 'TRX-9'],
      ['Account number', 'SN0120000012'],
      ['Amount', '1 250,50 XOF'],
      ['Posting date', '03/05/26 00:00'],
      ['Value date', '—'],
      ['Transaction date', '02/05/26 17:45'],
    ]);
    expect(within(sheet).getByRole('heading', { level: 1 }).textContent).toBe('Transaction details');
    expect(within(sheet).getByTestId('print-date').textContent).toMatch(/^Printed on \d\d\/\d\d\/\d\d \d\d:\d\d$/);
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });
});
