// Tamper-evident evidence (issue 37): every append-only table is a hash chain that management/evidence
// and `npm run evidence:verify` check; after normal work it is intact, and a row rewritten, deleted or
// slipped in behind the server's back (triggers off, as a superuser can) is found, that row and no other.
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

/** Runs `sql` as a superuser does behind the server's back: no trigger fires, the guards included. */
const behindTheBack = (sql: string, params: unknown[] = []) =>
  t.db.transaction(async (tx) => {
    await tx.query(`set local session_replication_role = replica`);
    await tx.query(sql, params);
  });

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
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app
          .inject({ url: `/core/api/clients/${i + 1}`, headers: manager })
          .then((r) => expect(r.statusCode).toBe(200)),
      ),
    );
    await t.signIn('agentca');
    const report = await evidence();
    expect(report.chains.filter((c) => !c.intact)).toEqual([]);
    expect(report.intact).toBe(true);
    expect(chain(report, 'card_orderlog').rows).toBeGreaterThan(0);
    expect(chain(report, 'access_log').rows).toBeGreaterThanOrEqual(10);
  });

  it('are chained anew in one pass (evidence_track, after a bulk load) exactly as the trigger chained them', async () => {
    // Rows chained one by one as the seed and the calls above wrote them.
    for (const table of ['access_log', 'card_orderlog']) {
      const digests = () =>
        t.db.query(`select id, chain_seq, encode(chain_digest, 'hex') as digest from ${table} order by id`);
      const head = () => t.db.query(`select rows, last_digest from evidence_chain where chain = $1`, [table]);
      const [before, headBefore] = [await digests(), await head()];
      expect(before.length, table).toBeGreaterThanOrEqual(10);
      await t.db.query(`select evidence_track($1)`, [table]);
      expect(await digests(), table).toEqual(before);
      expect(await head(), table).toEqual(headBefore);
    }
    // And the trigger goes on from there.
    await t.signIn('agentca');
    expect((await evidence()).intact).toBe(true);
  });

  it('is for administrators only', async () => {
    expect((await t.app.inject({ url: '/management/evidence', headers: manager })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/management/evidence' })).statusCode).toBe(401);
  });

  it('find a row rewritten with triggers off, a row deleted and a row slipped in: that row, per chain', async () => {
    const [rewritten] = await t.db.query<{ id: number }>(
      'select id from transfer_log order by chain_seq offset 3 limit 1',
    );
    await behindTheBack(`update transfer_log set comment = 'rien{}VALIDATED{}admin' where id = $1`, [rewritten!.id]);
    const [deleted] = await t.db.query<{ id: number; chain_seq: number }>(
      'select id, chain_seq from audit_event order by chain_seq offset 2 limit 1',
    );
    await behindTheBack('delete from audit_event where id = $1', [deleted!.id]);
    const [lastAccess] = await t.db.query<{ id: number; chain_seq: number }>(
      'select id, chain_seq from access_log order by chain_seq desc limit 1',
    );
    await behindTheBack('delete from access_log where id = $1', [lastAccess!.id]);
    await behindTheBack(
      `insert into balance_log (amount, balance_date, bank_account_id) select 1, now(), min(id) from bank_account`,
    );
    // A digest written with the change does not hide it: the digest is recomputed from the content.
    const [recomputed] = await t.db.query<{ id: number }>('select id from card_orderlog order by chain_seq limit 1');
    await behindTheBack(
      `update card_orderlog set comment = 'x', chain_digest = sha256(convert_to('x', 'UTF8')) where id = $1`,
      [recomputed!.id],
    );

    const report = await evidence();
    expect(report.intact).toBe(false);
    expect(chain(report, 'transfer_log').firstBroken).toEqual({
      id: Number(rewritten!.id),
      chainSeq: 4,
      reason: 'changed',
    });
    expect(chain(report, 'audit_event').firstBroken).toMatchObject({
      chainSeq: Number(deleted!.chain_seq),
      reason: 'missing',
    });
    expect(chain(report, 'access_log').firstBroken).toEqual({
      chainSeq: Number(lastAccess!.chain_seq),
      reason: 'missing at the end',
    });
    expect(chain(report, 'balance_log').firstBroken).toMatchObject({ chainSeq: null, reason: 'unchained' });
    expect(chain(report, 'card_orderlog').firstBroken).toMatchObject({ id: Number(recomputed!.id), reason: 'changed' });
    const broken = report.chains.filter((c) => !c.intact).map((c) => c.chain);
    expect(broken.sort()).toEqual(['access_log', 'audit_event', 'balance_log', 'card_orderlog', 'transfer_log']);
  });
});
