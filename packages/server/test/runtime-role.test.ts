// Two database roles on PostgreSQL (docs/production.md): the server started as the runtime role with
// MIGRATION_DATABASE_URL naming the owner migrates as the owner, which grants the runtime role its rights.
// The runtime role owns nothing, cannot run a guard function, drop or disable a trigger, or rewrite
// evidence; the server works as usual over it (sign-in, a list, a decision that moves money).
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, WORKFLOWS, entityByName } from '@bank/domain';
import { openPostgres, type Database } from '../src/db/database';
import { seedDemoAccounts } from '../src/seed/demo';
import { freePort, spawnServer } from './child-server';
import { fileable, filerOf } from './ledger-fixtures';

const adminUrl = process.env.DATABASE_URL;
const suffix = `${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
const owner = `bank_owner_${suffix}`;
const runtime = `bank_app_${suffix}`;
const dbName = `bank_roles_${suffix}`;
const password = crypto.randomBytes(12).toString('hex');

let ownerDb: Database;
let runtimeDb: Database;
let server: ChildProcess | undefined;
let base = '';
let output = '';

async function asAdmin(...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (const sql of statements) await client.query(sql);
  } finally {
    await client.end();
  }
}

function urlAs(role: string): string {
  const url = new URL(adminUrl!);
  url.username = role;
  url.password = password;
  url.pathname = `/${dbName}`;
  return url.toString();
}

async function call(method: string, url: string, token?: string, body?: unknown): Promise<Response> {
  return fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function signIn(login: string): Promise<string> {
  const response = await call('POST', '/api/authenticate', undefined, { username: login, password: login });
  expect(response.status).toBe(200);
  return ((await response.json()) as { id_token: string }).id_token;
}

describe.skipIf(!adminUrl)('the server on PostgreSQL with an owner role and a runtime role', () => {
  beforeAll(async () => {
    await asAdmin(
      `create role ${owner} login password '${password}'`,
      `create role ${runtime} login password '${password}'`,
      `create database ${dbName} owner ${owner}`,
    );
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const started = await spawnServer(
      {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED: 'none',
        LOG_LEVEL: 'warn',
        DATABASE_URL: urlAs(runtime),
        MIGRATION_DATABASE_URL: urlAs(owner),
        JWT_SECRET: crypto.randomBytes(48).toString('base64'),
        MFA_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
        RATE_LIMIT_AUTHENTICATE: '0',
      },
      base,
      120_000,
    );
    server = started.child;
    output = started.output();
    const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
    server.stdout!.on('data', keep);
    server.stderr!.on('data', keep);
    if (!started.up) throw new Error(`the server did not start (exit ${server.exitCode}): ${output.slice(-8000)}`);
    // The staff accounts, as an operator would create them: the owner writes them.
    ownerDb = await openPostgres(urlAs(owner), 2);
    await seedDemoAccounts(ownerDb);
    runtimeDb = await openPostgres(urlAs(runtime), 2);
  }, 180_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    await runtimeDb?.close();
    await ownerDb?.close();
    await asAdmin(
      `drop database if exists ${dbName} with (force)`,
      `drop role if exists ${runtime}`,
      `drop role if exists ${owner}`,
    );
  });

  it('owns no table, sequence or function, and creates none', async () => {
    const [owned] = await runtimeDb.query<{ relations: number; functions: number }>(
      `select (select count(*)::int from pg_class where relowner = (select oid from pg_roles where rolname = current_user)) as relations,
              (select count(*)::int from pg_proc where proowner = (select oid from pg_roles where rolname = current_user)) as functions`,
    );
    expect(owned).toEqual({ relations: 0, functions: 0 });
    const [tables] = await ownerDb.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname = 'public' and tableowner = current_user`,
    );
    expect(tables!.n).toBeGreaterThan(50);
    await expect(runtimeDb.query('create table intruder (id int)')).rejects.toThrow(/permission denied/);
  });

  it('cannot run a guard function, drop or disable a trigger, or rewrite evidence', async () => {
    for (const guard of ['append_only_release', 'append_only_guard'])
      await expect(runtimeDb.query(`select ${guard}('transfer_log')`)).rejects.toThrow(
        new RegExp(`permission denied for function ${guard}`),
      );
    await expect(runtimeDb.query('drop trigger transfer_log_append_only on transfer_log')).rejects.toThrow(
      /must be owner/,
    );
    await expect(runtimeDb.query('alter table transfer_log disable trigger all')).rejects.toThrow(/must be owner/);
    for (const sql of [
      'update transfer_log set id = id',
      'delete from audit_event',
      'truncate access_log',
      'delete from ledger_posting',
      'update ledger_entry set id = id',
      // The chains' own tables are written by their functions only (migration 0039).
      `insert into evidence_batch (chain, row_ids, row_digests) values ('transfer_log', '{1}', '\\x00')`,
      'update evidence_batch set seq = seq',
      'delete from evidence_batch',
      `update evidence_chain set rows = 0`,
      // A gap dropped would leave a late row of the access log out of its chain (0043).
      `delete from evidence_gap`,
      `insert into evidence_gap (chain, row_id) values ('access_log', 1)`,
    ])
      await expect(runtimeDb.query(sql), sql).rejects.toThrow(/permission denied/);
    for (const fn of ['evidence_track', 'evidence_untrack'])
      await expect(runtimeDb.query(`select ${fn}('transfer_log')`)).rejects.toThrow(/permission denied/);
    // Nor through the owner's functions: a temporary table named like a chained one, with the recorder as
    // its trigger, is refused; a temporary evidence_batch is not what the sealer reads. (Temporary tables
    // live on one connection: a pool of one.)
    const session = await openPostgres(urlAs(runtime), 1);
    try {
      await session.query('create temp table transfer_log (id bigint)');
      await expect(
        session.query(`create trigger forged after insert on pg_temp.transfer_log
                         referencing new table as evidence_new_rows
                         for each statement execute function public.evidence_record()`),
      ).rejects.toThrow(/permission denied for function (public\.)?evidence_record/);
      // Nor record a collected chain's rows itself (migration 0043): its sealer does, as the owner.
      await expect(session.query(`select evidence_collect('access_log')`)).rejects.toThrow(
        /permission denied for function (public\.)?evidence_collect/,
      );
      await session.query('create temp table evidence_batch (like public.evidence_batch including all)');
      await session.query(
        `insert into pg_temp.evidence_batch (chain, row_ids, row_digests) values ('transfer_log', '{1}', '\\x00')`,
      );
      const head = () =>
        ownerDb.query(`select rows, batches, last_digest from evidence_chain where chain = 'transfer_log'`);
      await ownerDb.query('select evidence_seal()'); // what was really written, linked first
      const untouched = await head();
      // What it may do is link what was written.
      await session.query('select evidence_seal()');
      expect(await head()).toEqual(untouched);
    } finally {
      await session.close();
    }
    // The owner still holds the guards: its own role may run them (migrations do).
    const [{ ok }] = (await ownerDb.query<{ ok: boolean }>(
      `select has_function_privilege('append_only_release(text)', 'execute') as ok`,
    )) as [{ ok: boolean }];
    expect(ok).toBe(true);
  });

  it('serves as usual: a sign-in, a list, a decision that posts to the books', async () => {
    const transfers = WORKFLOWS.find((w) => w.entity === 'transfer')!;
    const path_ = entityByName('transfer').path;
    const filer = await signIn(filerOf('transfer'));
    const filed = await call('POST', path_, filer, await fileable(ownerDb, 'transfer'));
    expect(filed.status, await filed.clone().text()).toBe(201);
    const row = (await filed.json()) as Record<string, unknown>;

    const list = await call('GET', `${path_}?size=5`, filer);
    expect(list.status).toBe(200);
    expect(Number(list.headers.get('x-total-count'))).toBeGreaterThan(0);

    const deciderLogin = DEMO_ACCOUNTS.find(
      (a) => a.login !== filerOf('transfer') && a.authorities.some((r) => transfers.roles.includes(r)),
    )!.login;
    const decided = await call('PUT', `${path_}/${row.id}`, await signIn(deciderLogin), {
      ...row,
      [transfers.status]: 'VALIDATED',
      ...(transfers.comment ? { [transfers.comment]: 'Dossier vérifié' } : {}),
    });
    expect(decided.status, await decided.clone().text()).toBe(200);
    expect(((await decided.json()) as Record<string, unknown>)[transfers.status]).toBe('VALIDATED');
    const [history] = await runtimeDb.query<{ n: number }>(
      `select count(*)::int as n from transfer_log where transfer_id = $1`,
      [row.id],
    );
    expect(history!.n).toBeGreaterThan(0);
    expect(output).not.toMatch(/permission denied/);
  });
});
