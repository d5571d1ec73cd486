// Who saw what: each kind of read of a client's data leaves one access-log row with the reader, the
// client and what was read; refused reads and staff queues leave none; the administrator searches by
// client, login and day; nobody can change or delete a row, through the API or in the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from './helper';

let t: TestApp;
let manager: Record<string, string>;
let admin: Record<string, string>;
let ids: { client: number; account: number; transaction: number; transfer: number };

interface Entry {
  login: string;
  authorities: string[];
  clientId: number | null;
  what: string;
  subject: string;
  subjectId: number;
  requestId: string;
  clientIp: string;
  readAt: string;
}

beforeAll(async () => {
  t = await startTestApp({ seed: 'demo' });
  manager = bearer(await t.tokenFor('manager'));
  admin = bearer(await t.tokenFor('admin'));
  const [row] = await t.db.query<{ client: number; account: number; transaction: number; transfer: number }>(
    `select a.client_id as client, a.id as account, min(x.id) as transaction, min(f.id) as transfer
       from bank_account a join transaction x on x.bank_account_id = a.id join transfer f on f.bank_account_id = a.id
      group by a.id order by a.id limit 1`,
  );
  ids = row!;
});
afterAll(() => t.close());

const log = async (query: string) => {
  const response = await t.app.inject({ url: `/management/access-log?${query}`, headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return { rows: response.json<Entry[]>(), total: Number(response.headers['x-total-count']) };
};
const newest = async (login = 'manager') => (await log(`login=${login}&size=1`)).rows[0];

describe('recording', () => {
  const reads = () =>
    [
      ['client', `/core/api/clients/${ids.client}`, 'client', ids.client],
      ['accounts', `/core/api/bank-accounts/client/${ids.client}`, 'client', ids.client],
      ['notification-users', `/core/api/serenity-users/info/${ids.client}`, 'client', ids.client],
      ['requests', `/core/api/clients/${ids.client}/requests`, 'client', ids.client],
      ['account', `/core/api/bank-accounts/${ids.account}`, 'bankAccount', ids.account],
      ['transactions', `/core/api/transactions/_search/modal?bankaccount=${ids.account}`, 'bankAccount', ids.account],
      [
        'transactions',
        `/core/api/transactions/_search/bankaccount?bankaccount=${ids.account}`,
        'bankAccount',
        ids.account,
      ],
      ['transaction', `/core/api/transactions/${ids.transaction}`, 'transaction', ids.transaction],
      ['transfers', `/core/api/criterial_search/transfers?bankaccount=${ids.account}`, 'bankAccount', ids.account],
      ['transfer', `/core/api/transfers/${ids.transfer}`, 'transfer', ids.transfer],
    ] as const;

  it('writes one row per read, with reader, role, client, subject, request id and IP', async () => {
    for (const [what, url, subject, subjectId] of reads()) {
      const before = (await log('login=manager')).total;
      const response = await t.app.inject({ url, headers: manager });
      expect(response.statusCode, url).toBe(200);
      expect((await log('login=manager')).total, url).toBe(before + 1);
      expect(await newest(), url).toMatchObject({
        login: 'manager',
        authorities: ['ROLE_MANAGER'],
        clientId: ids.client,
        what,
        subject,
        subjectId,
        requestId: expect.any(String),
        clientIp: expect.any(String),
      });
    }
  });

  it('records every one of many reads answered together, each with its own subject and client', async () => {
    const before = (await log('login=manager')).total;
    const responses = await Promise.all(
      reads().flatMap(([, url]) => [1, 2, 3].map(() => t.app.inject({ url, headers: manager }))),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(responses.map(() => 200));
    const { rows, total } = await log(`login=manager&size=${responses.length}`);
    expect(total).toBe(before + responses.length);
    expect(new Set(rows.map((r) => r.requestId)).size).toBe(responses.length);
    expect(rows.every((r) => r.clientId === ids.client)).toBe(true);
    const subjects = rows.map((r) => `${r.what} ${r.subject} ${r.subjectId}`).sort();
    const expected = reads().flatMap(([what, , subject, id]) => [1, 2, 3].map(() => `${what} ${subject} ${id}`));
    expect(subjects).toEqual(expected.sort());
  });

  it('leaves no row for a refused read, a missing record or a staff queue', async () => {
    const before = (await log('')).total;
    expect((await t.app.inject({ url: `/core/api/clients/${ids.client}` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/core/api/clients/999999999', headers: manager })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/core/api/criterial_search/transfers', headers: manager })).statusCode).toBe(
      200,
    );
    expect((await log('')).total).toBe(before);
  });
});

describe('management/access-log', () => {
  it('finds who opened a client file, by client, login and day', async () => {
    await t.app.inject({ url: `/core/api/clients/${ids.client}`, headers: bearer(await t.tokenFor('reclamations')) });
    const byClient = await log(`clientId=${ids.client}&sort=readAt,desc`);
    expect(byClient.rows.every((r) => r.clientId === ids.client)).toBe(true);
    expect(byClient.rows[0]).toMatchObject({ login: 'reclamations', what: 'client' });
    const today = new Date().toISOString().slice(0, 10);
    expect((await log(`login=reclamations&fromDate=${today}&toDate=${today}`)).total).toBe(1);
    expect((await log(`login=reclamations&toDate=2000-01-01`)).total).toBe(0);
  });

  it('is for administrators only and refuses bad filters', async () => {
    expect((await t.app.inject({ url: '/management/access-log', headers: manager })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/management/access-log' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/management/access-log?fromDate=2026-02-30', headers: admin })).statusCode).toBe(
      400,
    );
    expect((await t.app.inject({ url: '/management/access-log?clientId=abc', headers: admin })).statusCode).toBe(400);
  });

  it('cannot be changed: no route writes it and the database refuses updates and deletes', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH'] as const) {
      const response = await t.app.inject({ method, url: '/management/access-log', headers: admin, payload: {} });
      expect(response.statusCode, method).toBeGreaterThanOrEqual(400);
    }
    await expect(t.db.query(`update access_log set login = 'someone'`)).rejects.toThrow(/append-only/);
    await expect(t.db.query('delete from access_log')).rejects.toThrow(/append-only/);
    expect((await log('')).total).toBeGreaterThan(0);
  });
});
