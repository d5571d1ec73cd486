// History is appended, never rewritten (DESIGN.md section 5, migration 0013): on PGlite and PostgreSQL
// alike, the database itself refuses UPDATE, DELETE and TRUNCATE on every workflow's log, the balance
// log, the transactions, audit_event and access_log, and a request with history cannot be deleted from
// under it.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKFLOWS, entityByName } from '@bank/domain';
import { buildSchemaModel, quote } from '../src/db/schema';
import { registerErrorHandling } from '../src/plugins/errors';
import { bearer, startTestApp, type TestApp } from './helper';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

// The ledger's movements are history too (migration 0028): a correction is a new movement.
const HISTORIES = [
  ...new Set([...WORKFLOWS.map((w) => entityByName(w.log.entity).table), 'balance_log', 'transaction']),
];
const GUARDED = [...HISTORIES, 'audit_event', 'access_log'];

/** One row written as the server writes it: an insert. */
const INSERTS: Record<string, string> = {
  audit_event: `insert into audit_event (principal, event_type, data) values ('admin', 'TEST_EVENT', '{}')`,
  access_log: `insert into access_log (login, authorities, what, subject, subject_id)
    values ('admin', 'ROLE_ADMIN', 'client', 'client', 1)`,
};

const count = async (table: string) =>
  (await t.db.query<{ n: number }>(`select count(*)::int as n from ${quote(table)}`))[0]!.n;

/** The SQLSTATE and message of the refusal `sql` meets. */
async function refusal(sql: string): Promise<{ code?: string; message: string }> {
  try {
    await t.db.query(sql);
  } catch (error) {
    return { code: (error as { code?: string }).code, message: (error as Error).message };
  }
  throw new Error(`not refused: ${sql}`);
}

describe('append-only history in the database', () => {
  it('guards every workflow log, the balance log and the transactions (the schema model says which)', () => {
    expect([...(buildSchemaModel().appendOnly ?? [])].sort()).toEqual([...HISTORIES].sort());
  });

  it.each(GUARDED)('%s: an insert is taken; UPDATE, DELETE and TRUNCATE are refused', async (table) => {
    await t.db.query(INSERTS[table] ?? `insert into ${quote(table)} default values`);
    const rows = await count(table);
    expect(rows).toBeGreaterThan(0);
    const target = quote(table);
    for (const sql of [
      `update ${target} set id = id`,
      `delete from ${target}`,
      `delete from ${target} where id = (select max(id) from ${target})`,
      `truncate ${target}`,
      `truncate ${target} cascade`,
    ]) {
      expect(await refusal(sql), sql).toEqual({
        code: 'BK001',
        message: `${table} is append-only: ${sql.split(' ')[0]!.toUpperCase()} refused`,
      });
      expect(await count(table), sql).toBe(rows);
    }
  });

  it('refuses inside a transaction too, and rolls the whole transaction back', async () => {
    const before = await count('card_orderlog');
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query(`insert into card_orderlog (comment) values ('kept?')`);
        await tx.query(`delete from card_orderlog`);
      }),
    ).rejects.toMatchObject({ code: 'BK001' });
    expect(await count('card_orderlog')).toBe(before);
  });

  it('keeps the history of a request that someone tries to delete (the foreign key does not cascade)', async () => {
    const [order] = await t.db.query<{ id: number }>(
      `insert into card_order (holder_name) values ('Awa Ndiaye') returning id`,
    );
    await t.db.query(`insert into card_orderlog (card_order_id, comment) values ($1, 'x{}PENDING{}manager')`, [
      order!.id,
    ]);
    const history = async () =>
      (
        await t.db.query<{ n: number }>('select count(*)::int as n from card_orderlog where card_order_id = $1', [
          order!.id,
        ])
      )[0]!.n;
    expect((await refusal(`delete from card_order where id = ${order!.id}`)).code).toBe('23503');
    // Through the API: a 4xx problem, never a 500, and the request and its history stay.
    const headers = bearer(await t.tokenFor('admin'));
    const response = await t.app.inject({ method: 'DELETE', url: `/core/api/card-orders/${order!.id}`, headers });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(await history()).toBe(1);
    expect(await t.db.query('select id from card_order where id = $1', [order!.id])).toHaveLength(1);
  });

  it('answers a refused change of a log row through the API with a 4xx problem, never a 500', async () => {
    const [log] = await t.db.query<{ id: number }>(
      `insert into card_orderlog (comment) values ('x{}PENDING{}manager') returning id`,
    );
    const headers = bearer(await t.tokenFor('admin'));
    const url = `/core/api/card-orderlogs/${log!.id}`;
    for (const request of [
      { method: 'DELETE' as const, url, headers },
      { method: 'PUT' as const, url, headers, payload: { id: log!.id, comment: 'rewritten' } },
    ]) {
      const response = await t.app.inject(request);
      expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(response.headers['content-type']).toContain('application/problem+json');
      // Whichever layer refuses (no such route, the write policy, or the database), it says why.
      if (response.statusCode === 409) expect(response.json()).toMatchObject({ status: 409, message: 'error.history' });
    }
    const [row] = await t.db.query<{ comment: string }>('select comment from card_orderlog where id = $1', [log!.id]);
    expect(row!.comment).toBe('x{}PENDING{}manager');
  });

  it('answers the database refusal, should a route ever reach it, with 409 error.history', async () => {
    const app = Fastify();
    registerErrorHandling(app);
    app.delete('/probe', async () => t.db.query('delete from audit_event'));
    try {
      const response = await app.inject({ method: 'DELETE', url: '/probe' });
      expect(response.statusCode).toBe(409);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json()).toEqual({
        status: 409,
        title: 'Conflict',
        detail: 'History records are never changed or deleted',
        message: 'error.history',
      });
    } finally {
      await app.close();
    }
  });
});
