// Tamper-evident evidence (issue 37): every append-only table is a hash chain of batches of row digests
// that management/evidence and `npm run evidence:verify` check; after normal work it is intact, and a row
// rewritten, deleted or slipped in behind the server's back (triggers off, as a superuser can), or a batch
// forged to match, is found: that row, or that batch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvidenceReport } from '../src/evidence/verify';
import { bearer, startTestApp, type TestApp } from './helper';

let t: TestApp;
let admin: Record<string, string>;
let manager: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp({ seed: 'demo' });
  admin = bearer(await t.tokenFor('admin'));
  manager = bearer(await t.tokenFor('manager'));
});
afterAll(() => t.close());

const evidence = async () => {
  const response = await t.app.inject({ url: '/management/evidence', headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<EvidenceReport>();
};
const chain = (report: EvidenceReport, name: string) => report.chains.find((c) => c.chain === name)!;
/**
 * Seals until `done` holds. A turn skips a chain whose head another sealer holds (`skip locked`), and the
 * server's own sealer takes its turn every second: then that one links the rows, a moment later.
 */
const sealUntil = (done: () => Promise<boolean>) =>
  expect
    .poll(
      async () => {
        await t.db.query('select evidence_seal()');
        return done();
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBe(true);

/** Runs `sql` as a superuser does behind the server's back: no trigger fires, the guards included. */
const behindTheBack = (sql: string, params: unknown[] = []) =>
  t.db.transaction(async (tx) => {
    await tx.query(`set local session_replication_role = replica`);
    await tx.query(`set local timezone to 'UTC'`);
    await tx.query(sql, params);
  });

/**
 * A row written by `write` in a transaction left open, so that rows written after it commit first: its id,
 * and its commit (once, however often called).
 */
async function writtenAndHeld(write: (db: Pick<typeof t.db, 'query'>) => Promise<Array<{ id: number }>>) {
  let release!: () => void;
  let written!: (id: number) => void;
  const id = new Promise<number>((resolve) => (written = resolve));
  const done = t.db.transaction(async (tx) => {
    const [row] = await write(tx);
    written(row!.id);
    await new Promise<void>((resolve) => (release = resolve));
  });
  return {
    id: await id,
    commit: () => {
      release();
      return done;
    },
  };
}

describe('evidence chains', () => {
  it('chain every append-only table, the history, audit events and access log among them', async () => {
    const guarded = await t.db.query<{ table: string }>(
      `select c.relname as table from pg_trigger g join pg_class c on c.oid = g.tgrelid
        where g.tgname = c.relname || '_append_only' order by 1`,
    );
    const chained = (await t.db.query<{ chain: string }>('select chain from evidence_chain order by 1')).map(
      (r) => r.chain,
    );
    expect(chained).toEqual(guarded.map((r) => r.table));
    expect(chained).toEqual(expect.arrayContaining(['audit_event', 'access_log', 'transfer_log', 'transaction']));
  });

  it('are intact after normal work: seeded rows, decisions, reads and sign-ins', async () => {
    const [order] = await t.db.query<{ id: number }>(
      `select id from card_order where order_status = 'PENDING' order by id limit 1`,
    );
    const current = (await t.app.inject({ url: `/core/api/card-orders/${order!.id}`, headers: manager })).json<
      Record<string, unknown>
    >();
    const decided = await t.app.inject({
      method: 'PUT',
      url: `/core/api/card-orders/${order!.id}`,
      headers: manager,
      payload: { ...current, orderStatus: 'INPROGRESS', comment: 'En cours' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    // Writers at once on the same chains (audit events, history, access log).
    const clients = await t.db.query<{ id: number }>('select id from client order by id limit 10');
    await Promise.all(
      clients.map(({ id }) =>
        t.app.inject({ url: `/core/api/clients/${id}`, headers: manager }).then((r) => expect(r.statusCode).toBe(200)),
      ),
    );
    await t.signIn('agentca');
    const report = await evidence();
    expect(report.chains.filter((c) => !c.intact)).toEqual([]);
    expect(report.intact).toBe(true);
    expect(chain(report, 'card_orderlog').rows).toBeGreaterThan(0);
    expect(chain(report, 'access_log').rows).toBeGreaterThanOrEqual(10);
  });

  it('are chained anew in batches (evidence_track, after a bulk load) with the digests the trigger recorded', async () => {
    for (const table of ['access_log', 'card_orderlog']) {
      // Each row's digest as its insert statement recorded it.
      const digests = () =>
        t.db.query(
          `select u.id, encode(substring(b.row_digests from (u.n::int - 1) * 32 + 1 for 32), 'hex') as digest
             from evidence_batch b cross join lateral unnest(b.row_ids) with ordinality u(id, n)
            where b.chain = $1 order by u.id`,
          [table],
        );
      const before = await digests();
      expect(before.length, table).toBeGreaterThanOrEqual(10);
      await t.db.query(`select evidence_track($1)`, [table]);
      expect(await digests(), table).toEqual(before);
      const [head] = await t.db.query<{ rows: string; pending: number }>(
        `select rows::text, (select count(*)::int from evidence_batch where chain = $1 and seq is null) as pending
           from evidence_chain where chain = $1`,
        [table],
      );
      expect(head, table).toEqual({ rows: String(before.length), pending: 0 });
    }
    // And the trigger (or, for the access log, the sealer) goes on from there.
    await t.signIn('agentca');
    expect((await evidence()).intact).toBe(true);
  });

  // Two writers' batches committed out of the order of their ids (PostgreSQL only: the embedded database
  // runs one transaction at a time). The every-second turn looks past the last batch linked only; the full
  // turn links the late one, and no batch is left out.
  it.skipIf(!process.env.DATABASE_URL)('link a batch committed after a later one was linked', async () => {
    const write = (db: Pick<typeof t.db, 'query'>) =>
      db.query<{ id: number }>(
        `insert into balance_log (amount, balance_date, bank_account_id) select 1, now(), min(id) from bank_account
         returning id`,
      );
    const batchOf = async (db: Pick<typeof t.db, 'query'>, row: number) =>
      (
        await db.query<{ id: number; seq: number | null }>(
          `select id, seq from evidence_batch where chain = 'balance_log' and $1::bigint = any(row_ids)`,
          [row],
        )
      )[0]!;
    const late = await writtenAndHeld(write);
    const lateId = late.id;
    const [early] = await write(t.db);
    await sealUntil(async () => (await batchOf(t.db, early!.id)).seq !== null);
    // The chain's head held, so that no sealer of the server links anything meanwhile.
    await t.db.transaction(async (tx) => {
      await tx.query(`select 1 from evidence_chain where chain = 'balance_log' for update`);
      await late.commit();
      const batch = await batchOf(tx, lateId);
      expect(batch.id).toBeLessThan((await batchOf(tx, early!.id)).id);
      expect((await tx.query(`select evidence_seal('balance_log', true) as n`))[0]).toEqual({ n: 0 });
      expect((await batchOf(tx, lateId)).seq).toBeNull();
      expect((await tx.query(`select evidence_seal('balance_log') as n`))[0]).toEqual({ n: 1 });
    });
    expect((await batchOf(t.db, lateId)).seq).not.toBeNull();
    expect(chain(await evidence(), 'balance_log')).toMatchObject({ intact: true, pending: 0 });
  });

  // The access log's rows are taken by the sealer, with no trigger (migration 0043): a row committed after
  // a later one was taken waits as a gap and is taken at the next turn. PostgreSQL only, as above.
  it.skipIf(!process.env.DATABASE_URL)(
    'take the access log’s rows at the sealer’s turn, a row committed late included',
    async () => {
      const write = (db: Pick<typeof t.db, 'query'>) =>
        db.query<{ id: number }>(
          `insert into access_log (login, authorities, what, subject, subject_id, request_id, client_ip)
           values ('evidence', 'ROLE_ADMIN', 'client', 'client', 1, 'evidence-test', '127.0.0.1') returning id`,
        );
      const batched = async (row: number) =>
        (
          await t.db.query(`select 1 from evidence_batch where chain = 'access_log' and $1::bigint = any(row_ids)`, [
            row,
          ])
        ).length === 1;
      const gaps = () => t.db.query(`select row_id from evidence_gap where chain = 'access_log'`);
      expect(
        await t.db.query(
          `select tgname from pg_trigger where tgrelid = 'access_log'::regclass and tgname like '%evidence%'`,
        ),
      ).toEqual([]);
      const late = await writtenAndHeld(write);
      const lateId = late.id;
      let early: { id: number } | undefined;
      try {
        [early] = await write(t.db);
        await sealUntil(() => batched(early!.id));
        expect(await gaps()).toEqual([{ row_id: lateId }]);
        // Committed, not taken yet (the chain's head held, so that no sealer takes it): the check counts it
        // as waiting, not as broken.
        await t.db.transaction(async (tx) => {
          await tx.query(`select 1 from evidence_chain where chain = 'access_log' for update`);
          await late.commit();
          expect(chain(await evidence(), 'access_log')).toMatchObject({ intact: true, pending: 1 });
        });
      } finally {
        await late.commit();
      }
      // The next turn takes it; a gap no row came to within ten minutes is given up.
      await behindTheBack(
        `insert into evidence_gap (chain, row_id, seen_at) values ('access_log', 0, now() - interval '11 minutes')`,
      );
      await sealUntil(() => batched(lateId));
      expect(await gaps()).toEqual([]);
      expect(chain(await evidence(), 'access_log')).toMatchObject({ intact: true, pending: 0 });
      // A row the sealer took, rewritten behind the server's back, is found.
      await behindTheBack(`update access_log set login = 'quelquun' where id = $1`, [early!.id]);
      expect(chain(await evidence(), 'access_log').firstBroken).toMatchObject({
        id: Number(early!.id),
        reason: 'changed',
      });
      await behindTheBack(`update access_log set login = 'evidence' where id = $1`, [early!.id]);
      expect(chain(await evidence(), 'access_log').intact).toBe(true);
      // A row with an id of its own choosing, far ahead of the sequence, is left out and reported; the rows
      // after it, numbered by the sequence, are taken as before.
      const [ahead] = await t.db.query<{ id: number }>(
        `insert into access_log (id, login, authorities, what, subject, subject_id, request_id, client_ip)
         values ($1, 'evidence', 'ROLE_ADMIN', 'client', 'client', 1, 'evidence-test', '127.0.0.1') returning id`,
        [Number(early!.id) + 1_000_000],
      );
      const [next] = await write(t.db);
      await sealUntil(() => batched(next!.id));
      expect(await batched(ahead!.id)).toBe(false);
      expect(chain(await evidence(), 'access_log').firstBroken).toMatchObject({
        id: Number(ahead!.id),
        reason: 'unchained',
      });
      await behindTheBack('delete from access_log where id = $1', [ahead!.id]);
      expect(chain(await evidence(), 'access_log')).toMatchObject({ intact: true, pending: 0 });
    },
  );

  it('is for administrators only', async () => {
    expect((await t.app.inject({ url: '/management/evidence', headers: manager })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/management/evidence' })).statusCode).toBe(401);
  });

  it('take the rows of a chain without generated columns by their text: a nullable column added later keeps it intact, a field rewritten is found', async () => {
    // Made by the server's own work (sign-ins above): audit events skip no column, so their batches take
    // each row's text (migration 0042); the transfer log skips its search column and stays on jsonb.
    const formats = await t.db.query<{ chain: string; format: number }>(
      `select distinct on (chain) chain, format from evidence_batch where chain in ('audit_event', 'transfer_log')
        order by chain, id desc`,
    );
    expect(formats.map((f) => [f.chain, Number(f.format)])).toEqual([
      ['audit_event', 2],
      ['transfer_log', 1],
    ]);
    const [row] = await t.db.query<{ id: number; principal: string }>(
      'select id, principal from audit_event order by id offset 1 limit 1',
    );
    try {
      await behindTheBack('alter table audit_event add column evidence_test_note text');
      expect(chain(await evidence(), 'audit_event').intact).toBe(true);
      await behindTheBack('update audit_event set principal = $2 where id = $1', [row!.id, 'quelquun']);
      expect(chain(await evidence(), 'audit_event').firstBroken).toMatchObject({
        id: Number(row!.id),
        reason: 'changed',
      });
    } finally {
      await behindTheBack('update audit_event set principal = $2 where id = $1', [row!.id, row!.principal]);
      await behindTheBack('alter table audit_event drop column if exists evidence_test_note');
    }
    // Two whole checks: over a minute beside the browser suite in CI.
  }, 180_000);

  it('find a row rewritten with triggers off, a row deleted, a row slipped in and a batch forged: per chain', async () => {
    const [rewritten] = await t.db.query<{ id: number }>('select id from transfer_log order by id offset 3 limit 1');
    await behindTheBack(`update transfer_log set comment = 'rien{}VALIDATED{}admin' where id = $1`, [rewritten!.id]);
    const [deleted] = await t.db.query<{ id: number }>('select id from audit_event order by id offset 2 limit 1');
    await behindTheBack('delete from audit_event where id = $1', [deleted!.id]);
    // The last batch of the access log, its rows with it: nothing names them any more but the head. Linked
    // first: a batch still pending would be linked after it by the check's own seal, and name the gap.
    await t.db.query('select evidence_seal()');
    const [last] = await t.db.query<{ seq: number; ids: number[] }>(
      `select seq, row_ids as ids from evidence_batch where chain = 'access_log' and seq is not null
        order by seq desc limit 1`,
    );
    await behindTheBack('delete from access_log where id = any($1::bigint[])', [last!.ids]);
    await behindTheBack(`delete from evidence_batch where chain = 'access_log' and seq = $1`, [last!.seq]);
    await behindTheBack(
      `insert into balance_log (amount, balance_date, bank_account_id) select 1, now(), min(id) from bank_account`,
    );
    // A digest written with the change does not hide it: the batch's link is recomputed from its digests.
    const [recomputed] = await t.db.query<{ id: number; batch: number }>(
      `select u.id, b.seq as batch from evidence_batch b cross join lateral unnest(b.row_ids) u(id)
        where b.chain = 'card_orderlog' order by u.id limit 1`,
    );
    await behindTheBack(`update card_orderlog set comment = 'x' where id = $1`, [recomputed!.id]);
    await behindTheBack(
      `update evidence_batch x set row_digests = overlay(x.row_digests placing
          (select sha256(convert_to(jsonb_strip_nulls(to_jsonb(c) - k.skip)::text, 'UTF8'))
             from card_orderlog c, evidence_chain k where c.id = $1 and k.chain = 'card_orderlog')
          from (array_position(x.row_ids, $1::bigint) - 1) * 32 + 1 for 32)
        where x.chain = 'card_orderlog' and $1::bigint = any(x.row_ids)`,
      [recomputed!.id],
    );

    const report = await evidence();
    expect(report.intact).toBe(false);
    expect(chain(report, 'transfer_log').firstBroken).toMatchObject({ id: Number(rewritten!.id), reason: 'changed' });
    expect(chain(report, 'audit_event').firstBroken).toMatchObject({ id: Number(deleted!.id), reason: 'missing' });
    expect(chain(report, 'access_log').firstBroken).toEqual({ batch: Number(last!.seq), reason: 'missing at the end' });
    expect(chain(report, 'balance_log').firstBroken).toMatchObject({ batch: null, reason: 'unchained' });
    expect(chain(report, 'card_orderlog').firstBroken).toMatchObject({
      batch: Number(recomputed!.batch),
      reason: 'batch changed',
    });
    const broken = report.chains.filter((c) => !c.intact).map((c) => c.chain);
    expect(broken.sort()).toEqual(['access_log', 'audit_event', 'balance_log', 'card_orderlog', 'transfer_log']);
  });
});
