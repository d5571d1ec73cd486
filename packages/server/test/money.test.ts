// Transfer criteria (manager list and account modal) and the transactions modal of an account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, insertRecord, startTestApp, type TestApp } from './helper';

let t: TestApp;
let headers: Record<string, string>;
let accountId: number;
let otherAccount: number;
let clientId: number;
const transfers: Record<string, number> = {};

const post = async (url: string, payload: Record<string, unknown>) => {
  const response = await t.app.inject({ method: 'POST', url, headers, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
};
const ids = async (url: string, query: Record<string, string>) => {
  const response = await t.app.inject({ url, query, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Array<{ id: number }>>().map((r) => r.id);
};

beforeAll(async () => {
  t = await startTestApp();
  headers = bearer(await t.tokenFor('manager'));
  clientId = await post('/core/api/clients', { name: 'Modou Faye', clientCode: 'CLMONEY1' });
  accountId = await post('/core/api/bank-accounts', { bankAccountNumber: 'SNMONEY0001', clientId });
  otherAccount = await post('/core/api/bank-accounts', { bankAccountNumber: 'SNMONEY0002' });
  transfers.marchPending = await insertRecord(t.db, 'transfer', {
    amount: '150000',
    demandStatus: 'PENDING',
    createdAt: '2026-03-10T09:00:00Z',
    bankAccountId: accountId,
  });
  transfers.marchDone = await insertRecord(t.db, 'transfer', {
    amount: '2500',
    demandStatus: 'VALIDATED',
    createdAt: '2026-03-31T23:30:00Z',
    bankAccountId: accountId,
  });
  transfers.april = await insertRecord(t.db, 'transfer', {
    amount: '150000',
    demandStatus: 'PENDING',
    createdAt: '2026-04-01T00:10:00Z',
    bankAccountId: otherAccount,
  });
  for (const [n, direction, amount, date] of [
    ['TRX-A-001', 'C', '50000', '2026-05-02T08:00:00Z'],
    ['TRX-A-002', 'D', '1250', '2026-05-02T17:45:00Z'],
    ['TRX-A-003', 'D', '50000', '2026-05-03T10:00:00Z'],
  ] as const) {
    // Movements are the ledger's: written as it writes them, no route takes one.
    await insertRecord(t.db, 'transaction', {
      transactionNumber: n,
      direction,
      amount,
      transactionDate: date,
      statusTransaction: 'VALIDATED',
      bankAccountId: accountId,
    });
  }
  await insertRecord(t.db, 'transaction', {
    transactionNumber: 'TRX-B-001',
    direction: 'C',
    amount: '50000',
    transactionDate: '2026-05-02T08:00:00Z',
    bankAccountId: otherAccount,
  });
});
afterAll(() => t.close());

describe('criterial_search/transfers', () => {
  const url = '/core/api/criterial_search/transfers';
  const mine = (list: number[]) => list.filter((id) => Object.values(transfers).includes(id));

  it('filters by status, by a date range (whole days, Dakar time) and by reference, each alone and combined', async () => {
    expect(mine(await ids(url, { status: 'PENDING' })).sort()).toEqual(
      [transfers.marchPending, transfers.april].sort(),
    );
    expect(mine(await ids(url, { startdate: '2026-03-01', enddate: '2026-03-31' })).sort()).toEqual(
      [transfers.marchPending, transfers.marchDone].sort(),
    );
    expect(mine(await ids(url, { status: 'PENDING', startdate: '2026-03-01', enddate: '2026-03-31' }))).toEqual([
      transfers.marchPending,
    ]);
    expect(await ids(url, { id: String(transfers.april) })).toEqual([transfers.april]);
    expect(mine(await ids(url, { status: 'tous', clientId: String(clientId) })).sort()).toEqual(
      [transfers.marchPending, transfers.marchDone].sort(),
    );
  });

  it('lists an account transfers by amount, newest first', async () => {
    expect(await ids(url, { bankaccount: String(accountId) })).toEqual([transfers.marchDone, transfers.marchPending]);
    expect(await ids(url, { bankaccount: String(accountId), montant: '150 000' })).toEqual([transfers.marchPending]);
  });

  it('pages and sorts the filtered list, with the total and the links', async () => {
    const query = { bankaccount: String(accountId), size: '1' };
    const first = await t.app.inject({ url, query: { ...query, page: '0' }, headers });
    expect(first.headers['x-total-count']).toBe('2');
    expect(first.headers.link).toContain('rel="next"');
    expect(first.json<Array<{ id: number }>>().map((r) => r.id)).toEqual([transfers.marchDone]);
    expect(await ids(url, { ...query, page: '1' })).toEqual([transfers.marchPending]);
    expect(await ids(url, { bankaccount: String(accountId), sort: 'amount,asc' })).toEqual([
      transfers.marchDone,
      transfers.marchPending,
    ]);
    expect(await ids(url, { bankaccount: String(accountId), sort: 'createdAt,asc' })).toEqual([
      transfers.marchPending,
      transfers.marchDone,
    ]);
  });

  it('carries the joined fields of the manager list', async () => {
    const response = await t.app.inject({ url, query: { id: String(transfers.marchPending) }, headers });
    expect(response.json()[0]).toMatchObject({
      clientName: 'Modou Faye',
      clientCode: 'CLMONEY1',
      bankAccountNumber: 'SNMONEY0001',
    });
  });

  it.each<Record<string, string>>([
    { status: 'MAYBE' },
    { startdate: '2026-02-30' },
    { enddate: 'hier' },
    { id: 'abc' },
    { montant: 'beaucoup' },
  ])('refuses %j with a 400', async (query) => {
    expect((await t.app.inject({ url, query, headers })).statusCode).toBe(400);
  });
});

describe('transactions modal', () => {
  const url = '/core/api/transactions/_search/modal';
  const numbers = async (query: Record<string, string>) => {
    const response = await t.app.inject({ url, query: { bankaccount: String(accountId), ...query }, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Array<{ transactionNumber: string }>>().map((r) => r.transactionNumber);
  };

  it('lists the account transactions only, newest first', async () => {
    expect(await numbers({})).toEqual(['TRX-A-003', 'TRX-A-002', 'TRX-A-001']);
  });

  it('filters by direction, amount, day and reference', async () => {
    expect(await numbers({ type: 'D' })).toEqual(['TRX-A-003', 'TRX-A-002']);
    expect(await numbers({ montant: '50000' })).toEqual(['TRX-A-003', 'TRX-A-001']);
    expect(await numbers({ montant: '1 250' })).toEqual(['TRX-A-002']);
    expect(await numbers({ enddate: '2026-05-02' })).toEqual(['TRX-A-002', 'TRX-A-001']);
    expect(await numbers({ reference: 'a-003' })).toEqual(['TRX-A-003']);
    expect(await numbers({ type: 'C', enddate: '2026-05-02', montant: '50000' })).toEqual(['TRX-A-001']);
  });

  it('requires the account and refuses a bad direction', async () => {
    expect((await t.app.inject({ url, headers })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ url, query: { bankaccount: String(accountId), type: 'X' }, headers })).statusCode,
    ).toBe(400);
  });

  it('answers the transaction detail with the owner and account number', async () => {
    const [first] = (
      await t.app.inject({ url, query: { bankaccount: String(accountId), reference: 'TRX-A-001' }, headers })
    ).json();
    expect(first).toMatchObject({ bankAccountNumber: 'SNMONEY0001', amount: '50000', direction: 'C' });
  });
});
