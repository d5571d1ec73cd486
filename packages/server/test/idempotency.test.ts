// Idempotency-Key (docs/api.md#retries-and-idempotency-key): a write retried with its key is applied once and
// answered as the first time; the same key with another request, a key still running, a bad key, another
// login's key and an expired key each get what the contract says; a write without a key is as before.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from './helper';
import { purgeExpiredKeys } from '../src/plugins/idempotency';
import type { Queryable } from '../src/db/database';

let t: TestApp;
const headers = new Map<string, Record<string, string>>();
const as = (login: string, key?: string) => ({
  ...headers.get(login)!,
  ...(key === undefined ? {} : { 'idempotency-key': key }),
});

beforeAll(async () => {
  t = await startTestApp({ seed: 'demo' });
  for (const login of ['admin', 'manager', 'agentsaisie']) headers.set(login, bearer(await t.tokenFor(login)));
});
afterAll(() => t.close());

const newBranch = () => {
  const n = crypto.randomInt(1e6, 1e7);
  return { name: `Agence idempotente ${n}`, code: `I${n}` };
};
const createBranch = (login: string, payload: Record<string, unknown>, key?: string) =>
  t.app.inject({ method: 'POST', url: '/core/api/branches', headers: as(login, key), payload });
const branchesNamed = async (name: string) =>
  Number((await t.db.query<{ n: number }>(`select count(*)::int as n from branch where name = $1`, [name]))[0]!.n);

describe('a write with an Idempotency-Key', () => {
  it('is created once when retried, and the retry gets the first answer again', async () => {
    const key = crypto.randomUUID();
    const branch = newBranch();
    const first = await createBranch('admin', branch, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const retry = await createBranch('admin', branch, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(retry.headers['content-type']).toBe(first.headers['content-type']);
    expect(retry.headers['x-app-alert']).toBe(first.headers['x-app-alert']);
    expect(await branchesNamed(branch.name)).toBe(1);
  });

  it('applies a retried decision on a transfer once: one history row, the books moved once', async () => {
    const [source] = await t.db.query<{ id: number; beneficiary: number }>(
      `select a.id, (select b.id from beneficiary b where b.beneficiary_status = 'ACCEPTED'
                       and not exists (select 1 from bank_account x where x.iban = b.iban) order by b.id limit 1) as beneficiary
         from bank_account a
        where a.bank_account_status = 'OPENED' and a.available_amount >= 100000 and a.blocked_amount = 0
        order by a.id limit 1`,
    );
    const balance = async () =>
      Number(
        (await t.db.query<{ b: string }>(`select balance as b from bank_account where id = $1`, [source!.id]))[0]!.b,
      );
    const filed = await t.app.inject({
      method: 'POST',
      url: '/core/api/transfers',
      headers: as('agentsaisie'),
      payload: {
        amount: '25000',
        bankAccountId: source!.id,
        beneficiaryId: source!.beneficiary,
        demandStatus: 'PENDING',
        execDate: new Date().toISOString(),
      },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const transfer = filed.json<{ id: number; version: number }>();
    const before = await balance();
    const key = crypto.randomUUID();
    const decision = () =>
      t.app.inject({
        method: 'PUT',
        url: `/core/api/transfers/${transfer.id}`,
        headers: as('manager', key),
        payload: { id: transfer.id, version: transfer.version, demandStatus: 'VALIDATED', comment: 'Validé une fois' },
      });
    const first = await decision();
    expect(first.statusCode, first.body).toBe(200);
    const retry = await decision();
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    const logs = await t.db.query(`select 1 from transfer_log where transfer_id = $1 and demand_status = 'VALIDATED'`, [
      transfer.id,
    ]);
    expect(logs).toHaveLength(1);
    expect(await balance()).toBe(before - 25_000);
    // Without the key, the same decision finds the request closed, as before.
    const unkeyed = await t.app.inject({
      method: 'PUT',
      url: `/core/api/transfers/${transfer.id}`,
      headers: as('manager'),
      payload: { id: transfer.id, version: transfer.version, demandStatus: 'VALIDATED', comment: 'Validé une fois' },
    });
    expect(unkeyed.statusCode).toBe(409);
    expect(await balance()).toBe(before - 25_000);
  });

  it('refuses the same key with another request (422) and writes nothing', async () => {
    const key = crypto.randomUUID();
    const first = newBranch();
    expect((await createBranch('admin', first, key)).statusCode).toBe(201);
    const other = newBranch();
    const reused = await createBranch('admin', other, key);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ status: 422, message: 'error.idempotencyKeyReused' });
    expect(await branchesNamed(other.name)).toBe(0);
  });

  it('writes once when the same key arrives twice at once', async () => {
    const key = crypto.randomUUID();
    const branch = newBranch();
    const answers = await Promise.all([createBranch('admin', branch, key), createBranch('admin', branch, key)]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(await branchesNamed(branch.name)).toBe(1);
    // One ran; the other was either told the first still runs or, once answered, got its answer.
    expect(statuses).toContain(201);
    const other = answers.find((a) => a.statusCode !== 201 || a.headers['idempotent-replayed'] === 'true');
    expect(other, JSON.stringify(statuses)).toBeDefined();
    if (other!.statusCode === 409) {
      expect(other!.json()).toMatchObject({ message: 'error.idempotencyKeyInFlight' });
      expect(other!.headers['retry-after']).toBe('1');
    }
  });

  it('answers as committed, once, a write whose COMMIT committed but whose answer was lost (a fail-over)', async () => {
    // The database seam of the test app, losing the answer of the COMMIT of the transaction that takes a key.
    const original = t.db.transaction;
    const commit = original.bind(t.db);
    let lost = 0;
    t.db.transaction = async (work) => {
      let keyed = false;
      const result = await commit((tx) =>
        work({
          ...tx,
          query: <R>(text: string, params?: readonly unknown[], options?: Parameters<Queryable['query']>[2]) => {
            keyed ||= text.includes('insert into idempotency_key');
            return tx.query<R>(text, params, options);
          },
        }),
      );
      if (keyed && lost++ === 0) throw new Error('Connection terminated unexpectedly');
      return result;
    };
    try {
      const key = crypto.randomUUID();
      const branch = newBranch();
      const first = await createBranch('admin', branch, key);
      expect(lost).toBe(1);
      expect(first.statusCode, first.body).toBe(201);
      expect(await branchesNamed(branch.name)).toBe(1);
      // The answer was stored as for any other write: a retry gets it again.
      const retry = await createBranch('admin', branch, key);
      expect([retry.statusCode, retry.headers['idempotent-replayed']]).toEqual([201, 'true']);
      expect(retry.json()).toEqual(first.json());
      expect(await branchesNamed(branch.name)).toBe(1);
    } finally {
      t.db.transaction = original;
    }
  });

  it('refuses a key that is empty, too long or not visible ASCII (400) and writes nothing', async () => {
    for (const key of ['', 'a'.repeat(256), 'clé', 'a b']) {
      const branch = newBranch();
      const response = await createBranch('admin', branch, key);
      expect(response.statusCode, JSON.stringify(key)).toBe(400);
      expect(response.json()).toMatchObject({ message: 'error.idempotencyKeyInvalid' });
      expect(await branchesNamed(branch.name)).toBe(0);
    }
    expect((await createBranch('admin', newBranch(), 'a'.repeat(255))).statusCode).toBe(201);
  });

  it('without a key, writes each time as before', async () => {
    const branch = newBranch();
    const first = await createBranch('admin', branch);
    const second = await createBranch('admin', branch);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json<{ id: number }>().id).not.toBe(first.json<{ id: number }>().id);
    expect(await branchesNamed(branch.name)).toBe(2);
  });

  it("never replays another login's answer: the same key from another login is its own write", async () => {
    const key = crypto.randomUUID();
    const branch = newBranch();
    const admins = await createBranch('admin', branch, key);
    const managers = await createBranch('manager', branch, key);
    expect([admins.statusCode, managers.statusCode]).toEqual([201, 201]);
    expect(managers.headers['idempotent-replayed']).toBeUndefined();
    expect(managers.json<{ id: number }>().id).not.toBe(admins.json<{ id: number }>().id);
    expect(await branchesNamed(branch.name)).toBe(2);
  });

  it('runs again once its key has expired (24 hours)', async () => {
    const key = crypto.randomUUID();
    const branch = newBranch();
    expect((await createBranch('admin', branch, key)).statusCode).toBe(201);
    await t.db.query(`update idempotency_key set created_at = now() - interval '25 hours' where key = $1`, [key]);
    const again = await createBranch('admin', branch, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await branchesNamed(branch.name)).toBe(2);
    // And the key now holds the new answer.
    const replay = await createBranch('admin', branch, key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(again.json());
  });

  it('is deleted by the purge once expired, and only then', async () => {
    const [expired, live] = [crypto.randomUUID(), crypto.randomUUID()];
    expect((await createBranch('admin', newBranch(), expired)).statusCode).toBe(201);
    expect((await createBranch('admin', newBranch(), live)).statusCode).toBe(201);
    await t.db.query(`update idempotency_key set created_at = now() - interval '25 hours' where key = $1`, [expired]);
    expect(await purgeExpiredKeys(t.db)).toBeGreaterThanOrEqual(1);
    const left = await t.db.query<{ key: string }>(`select key from idempotency_key where key = any($1::text[])`, [
      [expired, live],
    ]);
    expect(left.map((row) => row.key)).toEqual([live]);
  });

  it('stores no answer for a refused write: a retry runs again', async () => {
    const key = crypto.randomUUID();
    const refused = await createBranch('agentsaisie', newBranch(), key);
    expect(refused.statusCode).toBe(403);
    const rows = await t.db.query(`select 1 from idempotency_key where key = $1`, [key]);
    expect(rows).toHaveLength(0);
  });
});
