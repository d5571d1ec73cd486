// What a PostgreSQL fail-over does to the server, short of a Patroni cluster (issue 39): every connection
// of the server's database ended under load (pg_terminate_backend, as a primary that dies or steps down
// ends them), and the database turned read-only (as a demoted primary, or one restarted read-only, answers
// 25006) and back. Throughout, every answer is a success or a 503 with Retry-After; a write retried with its
// Idempotency-Key, as the web app retries, is applied once; the pool drops the connections that failed and
// the event bus and the access log get connections again. It runs in the PostgreSQL run (`npm run test:pg`).
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from './helper';

const onPostgres = Boolean(process.env.DATABASE_URL);
let t: TestApp;
let admin: pg.Client;
let database: string;
let auth: Record<string, string>;
let clientId: number;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  if (!onPostgres) return;
  t = await startTestApp({ seed: 'demo' });
  auth = bearer(await t.tokenFor('admin'));
  [{ database }] = (await t.db.query<{ database: string }>('select current_database() as database')) as [
    { database: string },
  ];
  [{ id: clientId }] = (await t.db.query<{ id: number }>('select id from client order by id limit 1')) as [
    { id: number },
  ];
  // The test's own database, as its owner: to count rows, end the server's connections and turn it read-only.
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${database}`;
  admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
});
afterAll(async () => {
  if (!onPostgres) return;
  await admin.query(`alter database ${database} reset default_transaction_read_only`);
  await admin.end();
  await t.close();
});

/** Ends every connection of the server to its database, as a fail-over does. */
const terminateAll = () =>
  admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`, [
    database,
  ]);

interface Answer {
  status: number;
  retryAfter: string | undefined;
}

/** A new branch written as the web app writes: one key, the same on every retry after a 503, until answered. */
async function writeBranch(answers: Answer[], deadline: number): Promise<string | undefined> {
  const name = `Agence de bascule ${crypto.randomUUID()}`;
  const key = crypto.randomUUID();
  while (Date.now() < deadline) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/core/api/branches',
      headers: { ...auth, 'idempotency-key': key },
      payload: { name },
    });
    answers.push({ status: response.statusCode, retryAfter: response.headers['retry-after'] as string | undefined });
    if (response.statusCode !== 503) return response.statusCode === 201 ? name : undefined;
    await sleep(100);
  }
  return undefined;
}

const readClient = async (answers: Answer[]) => {
  const response = await t.app.inject({ url: `/core/api/clients/${clientId}`, headers: auth });
  answers.push({ status: response.statusCode, retryAfter: response.headers['retry-after'] as string | undefined });
};

const branchesNamed = async (name: string) =>
  (await admin.query(`select count(*)::int as n from branch where name = $1`, [name])).rows[0].n as number;

/** The server's LISTEN connection of the event bus, once it is there again. */
async function busListening(deadline: number): Promise<boolean> {
  while (Date.now() < deadline) {
    const { rows } = await admin.query(
      `select 1 from pg_stat_activity where datname = $1 and query ilike 'listen %' and pid <> pg_backend_pid()`,
      [database],
    );
    if (rows.length > 0) return true;
    await sleep(100);
  }
  return false;
}

describe.skipIf(!onPostgres)('a PostgreSQL fail-over', () => {
  it('gives only successes and 503s with Retry-After while connections end under load, and writes once', async () => {
    const answers: Answer[] = [];
    const written: string[] = [];
    const until = Date.now() + 6_000;
    const workers = Array.from({ length: 6 }, async (_, i) => {
      while (Date.now() < until) {
        if (i % 2 === 0) {
          const name = await writeBranch(answers, until + 20_000);
          if (name) written.push(name);
        } else await readClient(answers);
      }
    });
    for (let round = 0; round < 4; round++) {
      await sleep(1_000);
      await terminateAll();
    }
    await Promise.all(workers);

    const unexpected = answers.filter((a) => ![200, 201, 503].includes(a.status));
    expect(unexpected).toEqual([]);
    expect(answers.filter((a) => a.status === 503 && a.retryAfter === undefined)).toEqual([]);
    expect(written.length).toBeGreaterThan(0);
    for (const name of written) expect(await branchesNamed(name)).toBe(1);

    // The event bus listens again, and a read of a client file (recorded by the access log's own
    // connection before it is answered) is served.
    expect(await busListening(Date.now() + 15_000)).toBe(true);
    const read: Answer[] = [];
    await readClient(read);
    expect(read[0]!.status).toBe(200);
  });

  it('answers writes 503 while the database is read-only, serves reads, and writes again once it is not', async () => {
    await admin.query(`alter database ${database} set default_transaction_read_only = on`);
    await terminateAll();
    const answers: Answer[] = [];
    const name = `Agence en lecture seule ${crypto.randomUUID()}`;
    const key = crypto.randomUUID();
    const write = () =>
      t.app.inject({
        method: 'POST',
        url: '/core/api/branches',
        headers: { ...auth, 'idempotency-key': key },
        payload: { name },
      });
    for (let i = 0; i < 6; i++) {
      const response = await write();
      expect(response.statusCode, response.body).toBe(503);
      expect(response.headers['retry-after']).toBeDefined();
    }
    const list = await t.app.inject({ url: '/core/api/branches?size=1', headers: auth });
    expect(list.statusCode).toBe(200);
    expect(await branchesNamed(name)).toBe(0);

    // Back to read-write without ending any connection: each pooled one that answers 25006 is dropped, so
    // the retries (same key) soon reach a read-write one.
    await admin.query(`alter database ${database} reset default_transaction_read_only`);
    let status = 0;
    for (let attempt = 0; attempt < 20 && status !== 201; attempt++) {
      const response = await write();
      answers.push({ status: response.statusCode, retryAfter: response.headers['retry-after'] as string });
      status = response.statusCode;
      if (status === 503) await sleep(100);
    }
    expect(answers.filter((a) => a.status !== 201 && a.status !== 503)).toEqual([]);
    expect(status).toBe(201);
    expect(await branchesNamed(name)).toBe(1);
  });
});
