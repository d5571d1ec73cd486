// Who saw what: each kind of read of a client's data leaves one access-log row with the reader, the
// client and what was read; refused reads and staff queues leave none; the administrator searches by
// client, login and day; nobody can change or delete a row, through the API or in the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessLogWriter } from '../src/modules/audit/access-log-writer';
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
interface InboxRow {
  entity: string;
  id: number;
  clientId: number | null;
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

  it('writes reads arriving together in shared inserts, one insert at a time, each read waiting for its own', async () => {
    const inserts: number[] = [];
    let running = 0;
    let mostAtOnce = 0;
    // The real database, watched: how many inserts run at once and how many rows each carries.
    const writer = new AccessLogWriter({
      query: async (text, params) => {
        mostAtOnce = Math.max(mostAtOnce, ++running);
        inserts.push((params![0] as unknown[]).length);
        try {
          return await t.db.query(text, params);
        } finally {
          running--;
        }
      },
    });
    const requestIds = Array.from({ length: 60 }, (_, i) => `batch-test-${i}`);
    const written: Array<Promise<number>> = [];
    // Reads arrive five to a turn of the event loop, over twelve turns, while inserts run.
    for (const [i, requestId] of requestIds.entries()) {
      if (i > 0 && i % 5 === 0) await new Promise((resolve) => setImmediate(resolve));
      const entry = {
        login: 'batch-test',
        authorities: 'ROLE_USER',
        what: 'client',
        subject: 'client' as const,
        subjectId: ids.client,
        subjectIds: null,
        rowCount: null,
        query: null,
        requestId,
        clientIp: '127.0.0.1',
      };
      written.push(
        writer
          .append(entry)
          .then(async () => (await t.db.query('select 1 from access_log where request_id = $1', [requestId])).length),
      );
    }
    // Each read's row is committed by the time its wait ends.
    expect(await Promise.all(written)).toEqual(requestIds.map(() => 1));
    expect(mostAtOnce).toBe(1);
    expect(inserts.reduce((sum, rows) => sum + rows, 0)).toBe(requestIds.length);
    expect(inserts.length).toBeLessThan(requestIds.length);
  });

  it('leaves no row for a refused read or a missing record', async () => {
    const before = (await log('')).total;
    expect((await t.app.inject({ url: `/core/api/clients/${ids.client}` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/core/api/clients/999999999', headers: manager })).statusCode).toBe(404);
    expect((await log('')).total).toBe(before);
  });

  it('records a staff queue, which spans clients, by the ids of its rows (issue 37)', async () => {
    const response = await t.app.inject({ url: '/core/api/criterial_search/transfers?size=5', headers: manager });
    expect(response.statusCode).toBe(200);
    const rows = response.json<Array<{ id: number }>>();
    expect(await newest()).toMatchObject({
      what: 'transfers',
      subject: 'transfer',
      subjectId: null,
      subjectIds: rows.map((row) => row.id),
      rowCount: rows.length,
      query: 'size=5',
    });
  });
});

it('records the inboxes, rows of several types, with the clients of their rows (issue 37)', async () => {
  for (const [url, rowsOf] of [
    ['/core/api/work/summary', (body: { inbox: InboxRow[] }) => body.inbox],
    ['/core/api/work/inbox?size=20', (body: InboxRow[]) => body],
  ] as const) {
    const response = await t.app.inject({ url, headers: manager });
    expect(response.statusCode, response.body).toBe(200);
    const rows = (rowsOf as (body: unknown) => InboxRow[])(response.json());
    expect(rows.length).toBeGreaterThan(0);
    const clients = [...new Set(rows.map((row) => row.clientId).filter((id): id is number => id !== null))];
    expect(clients.length).toBeGreaterThan(0);
    // Each row's client is the one its request is for.
    for (const row of rows.filter((r) => r.entity === 'transfer' && r.clientId !== null)) {
      const [owner] = await t.db.query<{ client_id: number }>(
        'select a.client_id from transfer f join bank_account a on a.id = f.bank_account_id where f.id = $1',
        [row.id],
      );
      expect(row.clientId).toBe(Number(owner!.client_id));
    }
    const entry = (await newest()) as Entry & { clientIds: number[] | null; subjectIds: number[] };
    expect(entry).toMatchObject({ subject: 'work', subjectIds: rows.map((row) => row.id) });
    expect(entry.clientIds).toEqual(clients.sort((a, b) => a - b));
    // The administrator finds the read from any of those clients.
    const byClient = await log(`clientId=${clients[0]}&login=manager&size=1`);
    expect(byClient.rows[0]).toMatchObject({ what: entry.what, requestId: entry.requestId });
  }
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
