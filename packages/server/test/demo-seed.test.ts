// The demo data a fresh database gets (DESIGN.md section 2): every entity filled, requests of
// every kind in every status with a well-formed history, balances that chain, and a seed that
// runs once and writes the same rows every time.
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, ENTITIES, ENUMS, ROLES, WORKFLOWS, entityByName, type EnumName } from '@bank/domain';
import { openPglite, openPostgres } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { verifyEvidence } from '../src/evidence/verify';
import { checkBooks } from '../src/ledger/check';
import { buildSchemaModel, quote } from '../src/db/schema';
import { seedDemo } from '../src/seed/demo';
import { seedDemoData } from '../src/seed/demo-data';
import { bearer, startTestApp, type TestApp } from './helper';
import { pgliteTemplate, postgresTemplate } from './templates';

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp({ seed: 'demo' });
  headers = bearer(await t.tokenFor('manager'));
});
afterAll(() => t.close());

const table = (entityName: string) => quote(entityByName(entityName).table);
const column = (entityName: string, field: string) => {
  const f = entityByName(entityName).field(field);
  if (!f) throw new Error(`${entityName} has no field ${field}`);
  return quote(f.column);
};

/** Request types and the field holding their status. */
const REQUESTS: ReadonlyArray<readonly [string, string]> = [
  ['checkbookOrder', 'demandStatus'],
  ['cardOrder', 'orderStatus'],
  ['checkOpposition', 'demandStatus'],
  ['cardOpposition', 'oppositionStatus'],
  ['beneficiary', 'beneficiaryStatus'],
  ['transfer', 'demandStatus'],
  ['subsRequest', 'requestStatus'],
  ['smsSubscription', 'demandStatus'],
  ['clientSubscription', 'subscriptionStatus'],
  ['beneficiaryCash', 'status'],
  ['provisionCash', 'demandStatus'],
  ['ledgerCorrection', 'demandStatus'],
];

/** History entities: a log entity with a comment, the field of its status and the ref to its request. */
const HISTORIES = ENTITIES.filter((e) => /log$/i.test(e.name) && e.field('comment')).map((e) => {
  const status = e.fields.find((f) => f.kind === 'enum')!;
  const request = e.fields.find((f) => f.kind === 'ref' && !['bankAccount', 'serenityUser'].includes(f.ref!))!;
  return { entity: e, status, request };
});

const STAFF = DEMO_ACCOUNTS.filter((a) => !a.authorities.includes(ROLES.ADMIN)).map((a) => a.login);

describe('demo data', () => {
  it.each(ENTITIES.map((e) => [e.name, e] as const))('lists rows of %s through the API', async (_name, entity) => {
    // Failed sign-ins are read by administrators only.
    const reader = entity.name === 'userAttempts' ? bearer(await t.tokenFor('admin')) : headers;
    const response = await t.app.inject({ url: `${entity.path}?size=1`, headers: reader });
    expect(response.statusCode, response.body).toBe(200);
    expect(Number(response.headers['x-total-count'])).toBeGreaterThan(0);
    expect(response.json()).toHaveLength(1);
  });

  it.each(REQUESTS)('has %s requests in every status of their enum', async (entityName, statusField) => {
    const field = entityByName(entityName).field(statusField)!;
    expect(field.kind).toBe('enum');
    for (const status of ENUMS[field.enum as EnumName].values) {
      const url = `${entityByName(entityName).path}?${statusField}.equals=${status}&size=1`;
      const response = await t.app.inject({ url, headers });
      expect(response.statusCode, response.body).toBe(200);
      expect(Number(response.headers['x-total-count']), `${entityName} ${status}`).toBeGreaterThan(0);
    }
  });

  it('covers the history entity of every request workflow', () => {
    expect(HISTORIES.map((h) => h.entity.name).sort()).toEqual(WORKFLOWS.map((w) => w.log.entity).sort());
  });

  it.each(HISTORIES.map((h) => [h.entity.name, h] as const))(
    'writes %s comments as observation{}status{}staff login, in time order, ending in the request status',
    async (_name, { entity, status, request }) => {
      const rows = await t.db.query<{ request: number; comment: string; status: string; created: Date }>(
        `select ${quote(request.column)} as request, comment, ${quote(status.column)} as status, created_at as created
           from ${quote(entity.table)} order by ${quote(request.column)}, created_at, id`,
      );
      expect(rows.length).toBeGreaterThan(0);
      const perRequest = new Map<number, typeof rows>();
      for (const row of rows) {
        const parts = row.comment.split('{}');
        expect(parts, row.comment).toHaveLength(3);
        expect(parts[0]!.length).toBeGreaterThan(0);
        expect(STAFF).toContain(parts[2]);
        expect(ENUMS[status.enum as EnumName].values as readonly string[]).toContain(row.status);
        perRequest.set(row.request, [...(perRequest.get(row.request) ?? []), row]);
      }
      for (const entries of perRequest.values()) {
        expect(entries.length).toBeLessThanOrEqual(4);
        const authors = entries.map((e) => e.comment.split('{}')[2]);
        expect(new Set(authors).size).toBe(authors.length);
      }
      // The last entry of each request sets the request's current status (second part of the comment).
      const target = entityByName(request.ref!);
      const statusField = REQUESTS.find(([name]) => name === target.name)![1];
      const mismatches = await t.db.query(
        `select r.id from ${quote(target.table)} r
           join lateral (select l.comment from ${quote(entity.table)} l where l.${quote(request.column)} = r.id
                         order by l.created_at desc, l.id desc limit 1) last on true
          where split_part(last.comment, '{}', 2) <> r.${column(target.name, statusField)}`,
      );
      expect(mismatches).toEqual([]);
      const [withoutHistory] = await t.db.query<{ n: number }>(
        `select count(*)::int as n from ${quote(target.table)} r
          where not exists (select 1 from ${quote(entity.table)} l where l.${quote(request.column)} = r.id)`,
      );
      expect(withoutHistory!.n).toBe(0);
    },
  );

  it('files some open requests as the roles that decide none, who then write none of their history', async () => {
    const filers = ['agentsaisie', 'reclamations'];
    for (const workflow of WORKFLOWS) {
      const entity = entityByName(workflow.entity);
      const filedBy = column(entity.name, 'filedBy');
      const rows = await t.db.query<{ status: string }>(
        `select ${column(entity.name, workflow.status)}::text as status
           from ${table(entity.name)} where ${filedBy} = any($1::text[])`,
        [filers],
      );
      if (workflow.entity === 'ledgerCorrection') {
        expect(rows).toEqual([]); // supervisors alone file corrections
        continue;
      }
      expect(rows.length, workflow.entity).toBeGreaterThan(0);
      for (const row of rows) expect(workflow.openStatuses).toContain(row.status);
      const log = entityByName(workflow.log.entity);
      const [own] = await t.db.query<{ n: number }>(
        `select count(*)::int as n from ${table(workflow.entity)} r
           join ${table(log.name)} l on l.${column(log.name, workflow.log.request)} = r.id
          where split_part(l.comment, '{}', 3) = r.${filedBy}`,
      );
      expect(own!.n, workflow.entity).toBe(0);
    }
  });

  it('chains each account’s transactions in time order and ends on the account balance', async () => {
    const tx = table('transaction');
    const account = column('transaction', 'bankAccountId');
    const before = column('transaction', 'beforeBalance');
    const after = column('transaction', 'afterBalance');
    const date = column('transaction', 'transactionDate');
    const [chain] = await t.db.query<{ rows: number; broken: number; wrong: number }>(
      `select count(*)::int as rows,
              count(*) filter (where previous is not null and previous <> ${before})::int as broken,
              count(*) filter (where ${after} <> ${before} + case ${column('transaction', 'direction')}
                                 when 'C' then ${column('transaction', 'amount')} else -${column('transaction', 'amount')} end)::int as wrong
         from (select *, lag(${after}) over (partition by ${account} order by ${date}, id) as previous from ${tx}) t`,
    );
    expect(chain!.rows).toBeGreaterThan(10_000);
    expect(chain!.broken).toBe(0);
    expect(chain!.wrong).toBe(0);
    const offBalance = await t.db.query(
      `select a.id from ${table('bankAccount')} a
         join lateral (select ${after} as last from ${tx} x where x.${account} = a.id
                       order by x.${date} desc, x.id desc limit 1) l on true
        where l.last <> a.${column('bankAccount', 'balance')}`,
    );
    expect(offBalance).toEqual([]);
    const [numbers] = await t.db.query<{ all: number; distinct: number }>(
      `select count(*)::int as all, count(distinct ${column('transaction', 'transactionNumber')})::int as distinct from ${tx}`,
    );
    expect(numbers!.distinct).toBe(numbers!.all);
  });

  it('keeps available = balance - blocked on every account, and unique account numbers and client codes', async () => {
    const [accounts] = await t.db.query<{ wrong: number; numbers: number; all: number }>(
      `select count(*) filter (where ${column('bankAccount', 'availableAmount')} <>
                 ${column('bankAccount', 'balance')} - ${column('bankAccount', 'blockedAmount')})::int as wrong,
              count(distinct ${column('bankAccount', 'bankAccountNumber')})::int as numbers, count(*)::int as all
         from ${table('bankAccount')}`,
    );
    expect(accounts).toEqual({ wrong: 0, numbers: accounts!.all, all: accounts!.all });
    const response = await t.app.inject({ url: `${entityByName('bankAccount').path}?size=50`, headers });
    for (const a of response.json<Array<Record<string, string>>>()) {
      expect(Number(a.availableAmount)).toBe(Number(a.balance) - Number(a.blockedAmount));
    }
  });

  it('stores whole XOF in every money column', async () => {
    const fractions: string[] = [];
    for (const entity of ENTITIES) {
      for (const field of entity.fields.filter((f) => f.kind === 'money')) {
        const [row] = await t.db.query<{ n: number }>(
          `select count(*)::int as n from ${quote(entity.table)} where ${quote(field.column)} <> trunc(${quote(field.column)})`,
        );
        if (row!.n > 0) fractions.push(`${entity.name}.${field.name}: ${row!.n}`);
      }
    }
    expect(fractions).toEqual([]);
  });

  it('serves the card type pictures as PNG', async () => {
    const response = await t.app.inject({ url: `${entityByName('cardType').path}?size=1`, headers });
    const [card] = response.json<Array<{ picture: string; pictureContentType: string }>>();
    expect(card!.pictureContentType).toBe('image/png');
    expect(Buffer.from(card!.picture, 'base64').subarray(1, 4).toString('latin1')).toBe('PNG');
  });

  it('does nothing when seeded again', async () => {
    const count = async () =>
      (await t.db.query<{ n: number }>(`select count(*)::int as n from ${table('transaction')}`))[0]!.n;
    const rows = await count();
    expect(await seedDemo(t.db)).toBe(false);
    expect(await seedDemoData(t.db)).toBe(false);
    expect(await count()).toBe(rows);
  });

  it('writes the same rows on every run', async () => {
    const now = new Date('2026-03-15T10:00:00Z');
    // Each run gets a database of its own: the histories are append-only, so one cannot be emptied. Both start
    // migrated, from the run's template when there is one (templates.ts).
    const fingerprint = async () => {
      const db = await openPglite(undefined, await pgliteTemplate('none'));
      try {
        await migrate(db);
        await seedDemoData(db, { scale: 0.05, now });
        const parts: string[] = [];
        for (const name of Object.keys(buildSchemaModel().tables)) {
          // Password hashes are salted at random: everything else must be identical.
          const [row] = await db.query<{ digest: string; n: number }>(
            `select md5(coalesce(string_agg(r, '|' order by r), '')) as digest, count(*)::int as n
               from (select (to_jsonb(t) - 'password' - 'pin_code')::text as r from ${quote(name)} t) x`,
          );
          expect(row!.n, name).toBeGreaterThan(0);
          parts.push(`${name}:${row!.digest}`);
        }
        return parts;
      } finally {
        await db.close();
      }
    };
    expect(await fingerprint()).toEqual(await fingerprint());
    // Two embedded databases seeded at 5 % and their books opened: a few seconds on a quiet machine, two
    // minutes on one running two test suites and a bank-scale seed beside it.
  }, 300_000);
});

// A bank-scale seed on PostgreSQL loads bare tables and chains and indexes them afterwards (bulk-load.ts):
// the same path at the demo's volumes must end as the row-by-row seed does, its evidence intact and its
// books balanced.
const adminUrl = process.env.DATABASE_URL;
describe.skipIf(!adminUrl)('the bulk load of a large seed (PostgreSQL)', () => {
  it('ends with every chain intact and the books balanced', async () => {
    const name = `bank_bulk_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    const template = postgresTemplate('none', adminUrl!);
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    const db = await openPostgres(url.toString(), 4);
    try {
      await migrate(db);
      // Volumes, even none overridden, take the bulk path.
      expect(await seedDemoData(db, { volumes: {}, now: new Date('2026-03-15T10:00:00Z') })).toBe(true);
      const evidence = await verifyEvidence(db);
      expect(evidence.chains.filter((chain) => !chain.intact)).toEqual([]);
      expect(evidence.chains.find((chain) => chain.chain === 'transaction')!.rows).toBeGreaterThan(1000);
      const books = await checkBooks(db);
      expect(books.checks.filter((check) => !check.ok).map((check) => check.name)).toEqual([]);
    } finally {
      await db.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 600_000);
});
