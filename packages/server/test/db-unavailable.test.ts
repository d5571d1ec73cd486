// While the database is away, every call gets 503 with Retry-After, never a 500 (DESIGN.md section 5): the
// app over a database whose statements can be made to fail as a lost or refused PostgreSQL connection
// fails. A read whose access-log row cannot be written is not answered with the data. The real restart
// of a PostgreSQL server under load is db-restart.test.ts.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openPglite, type Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { databaseHealth } from '../src/modules/management/health';
import { seedDemoAccounts } from '../src/seed/demo';
import { bearer, testKeys } from './helper';

/** The error the next statements fail with (given their text), or undefined: the database answers. */
let failure: ((sql: string) => Error | undefined) | undefined;
const check = (sql: string) => {
  const error = failure?.(sql);
  if (error) throw error;
};

let inner: Database;
let app: FastifyInstance;
let manager: Record<string, string>;
let clientId: number;

beforeAll(async () => {
  inner = await openPglite(undefined);
  await migrate(inner);
  await seedDemoAccounts(inner);
  const db: Database = {
    kind: inner.kind,
    async query<R>(sql: string, params?: readonly unknown[]) {
      check(sql);
      return inner.query<R>(sql, params);
    },
    async exec(script) {
      check(script);
      await inner.exec(script);
    },
    transaction: (work) =>
      inner.transaction((tx) =>
        work({
          async query<R>(sql: string, params?: readonly unknown[]) {
            check(sql);
            return tx.query<R>(sql, params);
          },
          exec: async (script) => {
            check(script);
            await tx.exec(script);
          },
        }),
      ),
    close: () => inner.close(),
  };
  const config = {
    ...loadConfig({}),
    logLevel: 'silent',
    webDist: undefined,
    databaseUrl: undefined,
    evidenceAnchorMinutes: 0,
  };
  app = await buildApp({ config, db, keys: testKeys(config) });
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/authenticate',
    payload: { username: 'manager', password: 'manager' },
  });
  manager = bearer(signIn.json<{ id_token: string }>().id_token);
  const created = await app.inject({
    method: 'POST',
    url: '/core/api/clients',
    headers: manager,
    payload: { name: 'Client lu' },
  });
  expect(created.statusCode).toBe(201);
  clientId = created.json<{ id: number }>().id;
});
afterAll(() => app?.close());

const withCode = (message: string, fields: Record<string, unknown>) => Object.assign(new Error(message), fields);

const accessRows = async () =>
  (await inner.query<{ n: number }>('select count(*)::int as n from access_log where client_id = $1', [clientId]))[0]!
    .n;

function expectUnavailable(response: Awaited<ReturnType<FastifyInstance['inject']>>) {
  expect(response.statusCode, response.body).toBe(503);
  expect(response.headers['content-type']).toContain('application/problem+json');
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(response.json()).toEqual({
    status: 503,
    title: 'Service Unavailable',
    detail: 'The database is unavailable; try again in a few seconds',
    message: 'error.http.503',
  });
}

describe('a lost or refused database connection', () => {
  const lost: Array<[string, () => Error]> = [
    [
      '57P01 administrator shutdown',
      () => withCode('terminating connection due to administrator command', { code: '57P01' }),
    ],
    [
      '57P02 crash shutdown',
      () => withCode('terminating connection due to crash of another server process', { code: '57P02' }),
    ],
    ['57P03 cannot connect now', () => withCode('the database system is starting up', { code: '57P03' })],
    ['08006 connection failure', () => withCode('connection failure', { code: '08006' })],
    [
      'ECONNREFUSED',
      () => withCode('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED', syscall: 'connect' }),
    ],
    ['ECONNRESET', () => withCode('read ECONNRESET', { code: 'ECONNRESET', syscall: 'read' })],
    ['EPIPE', () => withCode('write EPIPE', { code: 'EPIPE', syscall: 'write' })],
    ['ETIMEDOUT', () => withCode('connect ETIMEDOUT', { code: 'ETIMEDOUT' })],
    [
      'a refused unix socket',
      () => withCode('connect ENOENT /run/postgresql/.s.PGSQL.5432', { code: 'ENOENT', syscall: 'connect' }),
    ],
    [
      'each address refused',
      () => new AggregateError([withCode('connect ECONNREFUSED ::1:5432', { code: 'ECONNREFUSED' })]),
    ],
    ['a connection terminated unexpectedly', () => new Error('Connection terminated unexpectedly')],
    ['a connection terminated', () => new Error('Connection terminated')],
    [
      'a connection that timed out',
      () =>
        new Error('Connection terminated due to connection timeout', {
          cause: new Error('Connection terminated unexpectedly'),
        }),
    ],
    ['a pool that gave no connection in time', () => new Error('timeout exceeded when trying to connect')],
    [
      'a client that lost its connection',
      () => new Error('Client has encountered a connection error and is not queryable'),
    ],
  ];

  it.each(lost)('%s: reads and writes answer 503 with Retry-After, health answers DOWN', async (_name, error) => {
    failure = () => error();
    try {
      expectUnavailable(await app.inject({ url: `/core/api/clients/${clientId}`, headers: manager }));
      expectUnavailable(await app.inject({ url: '/core/api/branches', headers: manager }));
      expectUnavailable(
        await app.inject({ method: 'POST', url: '/core/api/clients', headers: manager, payload: { name: 'Nouveau' } }),
      );
      const health = await app.inject({ url: '/management/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'DOWN' });
    } finally {
      failure = undefined;
    }
    expect((await app.inject({ url: '/management/health' })).json()).toEqual({ status: 'UP' });
    expect((await app.inject({ url: '/core/api/branches', headers: manager })).statusCode).toBe(200);
  });

  it('any other failure stays a 500 without Retry-After', async () => {
    failure = () => new Error('something else broke');
    try {
      const response = await app.inject({ url: '/core/api/branches', headers: manager });
      expect(response.statusCode).toBe(500);
      expect(response.headers['retry-after']).toBeUndefined();
      expect(response.json().message).toBe('error.http.500');
    } finally {
      failure = undefined;
    }
  });
});

describe('the access log while the database is away', () => {
  it('answers 503 without the data to a read whose row could not be written, and records the next', async () => {
    const before = await accessRows();
    failure = (sql) =>
      sql.trimStart().startsWith('insert into access_log')
        ? withCode('terminating connection due to administrator command', { code: '57P01' })
        : undefined;
    try {
      const refused = await app.inject({ url: `/core/api/clients/${clientId}`, headers: manager });
      expectUnavailable(refused);
      expect(refused.body).not.toContain('Client lu');
    } finally {
      failure = undefined;
    }
    expect(await accessRows()).toBe(before);
    const read = await app.inject({ url: `/core/api/clients/${clientId}`, headers: manager });
    expect(read.statusCode).toBe(200);
    expect(read.json().name).toBe('Client lu');
    expect(await accessRows()).toBe(before + 1);
  });
});

describe('databaseHealth', () => {
  it('answers DOWN when the database does not answer in time, rather than waiting for it', async () => {
    const hanging = { kind: 'postgres', query: () => new Promise(() => {}) } as unknown as Database;
    const started = performance.now();
    const health = await databaseHealth(hanging, 100);
    expect(health).toEqual({ status: 'DOWN', details: { error: 'no answer within 100 ms' } });
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
