// Scale-out (README, "Several instances behind a load balancer"): two server processes started at the
// same moment over one fresh PostgreSQL database, behind HAProxy in round robin with no stickiness.
// Through the balancer: migrations and demo data are applied once, a token from one instance is good
// on the other, failed sign-ins on both add up to the lockout, a write on one instance reaches an
// event stream on the other (the new counts, and who saved the request), killing an instance in the
// middle of writes loses none that was acknowledged, and a graceful stop (SIGTERM, with the drain) of
// an instance fails no write at all.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, entityByName } from '@bank/domain';
import { quote } from '../src/db/schema';
import { MAX_FAILED_ATTEMPTS } from '../src/modules/account/lockout';
import {
  createDatabase,
  ensureHaproxy,
  startBalancer,
  startInstance,
  type Balancer,
  type ClusterDatabase,
  type Instance,
} from './cluster';
import { freePort } from '../test/child-server';
import { buildServer } from '../test/production';
import { openEventStream } from '../test/helper';

const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
/** Clients written by the demo seed at scale 1 (seed/clients.ts). */
const DEMO_CLIENTS = 300;

const cleanups: Array<() => Promise<void>> = [];
let database: ClusterDatabase;
let sql: pg.Client;
let a: Instance;
let b: Instance;
let balancer: Balancer;
let startMs = 0;

beforeAll(async () => {
  console.log(`cluster: ${ensureHaproxy()}`);
  buildServer();
  database = await createDatabase(adminUrl);
  cleanups.push(() => database.drop());
  const [portA, portB, portLb] = [await freePort(), await freePort(), await freePort()];
  // The same tick: both race for the migration lock and for the demo seed.
  const started = performance.now();
  a = startInstance('a', portA, database.url);
  b = startInstance('b', portB, database.url);
  cleanups.push(
    () => a.kill(),
    () => b.kill(),
  );
  await Promise.all([a.healthy(), b.healthy()]);
  startMs = performance.now() - started;
  balancer = await startBalancer(portLb, [a, b]);
  cleanups.push(() => balancer.stop());
  sql = new pg.Client({ connectionString: database.url });
  await sql.connect();
  cleanups.push(() => sql.end());
});

afterAll(async () => {
  // Balancer and instances before the database they hold connections to.
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error(error));
});

interface Answer {
  status: number;
  /** The instance that answered (X-Instance-Id). */
  instance: string | null;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a test reads whatever the API answers
  body: any;
}

async function call(base: string, method: string, url: string, headers = {}, payload?: unknown): Promise<Answer> {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { ...headers, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  });
  const text = await response.text();
  return {
    status: response.status,
    instance: response.headers.get('x-instance-id'),
    body: text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
  };
}

const signIn = (base: string, username: string, password = username) =>
  call(base, 'POST', '/api/authenticate', {}, { username, password });

const bearer = (answer: Answer) => ({ authorization: `Bearer ${answer.body.id_token as string}` });

const cardOrder = entityByName('cardOrder');
const HOLDER = quote(cardOrder.field('holderName')!.column);

/** An event stream through the balancer, read as the browser does, with what arrived and when. */
async function openEvents(headers: Record<string, string>) {
  const stream = await openEventStream(`${balancer.base}/core/api/events`, headers);
  expect(stream.response.status).toBe(200);
  return { ...stream, instance: stream.response.headers.get('x-instance-id') };
}

describe('two instances behind HAProxy over one PostgreSQL', () => {
  it('started at the same moment, they apply the migrations once and the demo data once', async () => {
    const files = fs
      .readdirSync(path.join(import.meta.dirname, '../src/db/migrations'))
      .filter((f) => f.endsWith('.sql'))
      .sort();
    const migrations = await sql.query<{ name: string; n: number }>(
      'select name, count(*)::int as n from schema_migration group by name order by name',
    );
    expect(migrations.rows).toEqual(files.map((name) => ({ name, n: 1 })));

    const logged = (msg: string) => [a, b].flatMap((i) => i.logs.filter((l) => l.msg === msg).map(() => i.name));
    expect(logged('migrations applied')).toHaveLength(1);
    expect(logged('demo data created')).toHaveLength(1);
    console.log(
      `cluster: migrations applied by ${logged('migrations applied')[0]}, demo data created by ` +
        `${logged('demo data created')[0]}; both healthy ${Math.round(startMs)} ms after the simultaneous start`,
    );
    expect([...a.logs, ...b.logs].filter((l) => l.level >= 50)).toEqual([]);
    expect(a.running() && b.running()).toBe(true);

    const [counts] = (
      await sql.query<{ users: number; clients: number }>(
        `select (select count(*)::int from app_user) as users,
                (select count(*)::int from ${quote(entityByName('client').table)}) as clients`,
      )
    ).rows;
    expect(counts).toEqual({ users: DEMO_ACCOUNTS.length, clients: DEMO_CLIENTS });
  });

  it('sends requests to both instances in turn', async () => {
    const answers: Answer[] = [];
    for (let i = 0; i < 10; i++) answers.push(await call(balancer.base, 'GET', '/management/health'));
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    const served = answers.map((answer) => answer.instance);
    // Round robin: consecutive requests alternate.
    expect(served.filter((name) => name === 'a')).toHaveLength(5);
    expect(served.filter((name) => name === 'b')).toHaveLength(5);
    // Each instance's route table names it too.
    const admin = bearer(await signIn(balancer.base, 'admin'));
    for (const instance of [a, b]) {
      const routes = await call(instance.base, 'GET', '/api/gateway/routes', admin);
      expect(routes.body[0].serviceInstances[0]).toMatchObject({ instanceId: instance.name, port: instance.port });
    }
  });

  it('accepts on each instance a token signed in on the other', async () => {
    const signIns = [await signIn(balancer.base, 'manager'), await signIn(balancer.base, 'manager')];
    expect(signIns.map((s) => s.status)).toEqual([200, 200]);
    expect(signIns.map((s) => s.instance).sort()).toEqual(['a', 'b']);
    for (const signedIn of signIns) {
      const other = signedIn.instance === 'a' ? b : a;
      const account = await call(other.base, 'GET', '/api/account', bearer(signedIn));
      expect({ status: account.status, instance: account.instance, login: account.body.login }).toEqual({
        status: 200,
        instance: other.name,
        login: 'manager',
      });
    }
    // And through the balancer, which spreads the calls of one token over both.
    const calls: Answer[] = [];
    for (let i = 0; i < 4; i++) calls.push(await call(balancer.base, 'GET', '/api/account', bearer(signIns[0]!)));
    expect(calls.map((c) => c.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(calls.map((c) => c.instance))).toEqual(new Set(['a', 'b']));
  });

  it('refuses at once on the other instance the token of an account deactivated on one', async () => {
    const admin = bearer(await signIn(a.base, 'admin'));
    const staff = bearer(await signIn(a.base, 'reclamations'));
    // Both instances have the account's state cached (for 10 s) before the change.
    for (const instance of [a, b]) expect((await call(instance.base, 'GET', '/api/account', staff)).status).toBe(200);
    const setActivated = async (activated: boolean) => {
      const user = await call(a.base, 'GET', '/api/users/reclamations', admin);
      expect((await call(a.base, 'PUT', '/api/users', admin, { ...user.body, activated })).status).toBe(200);
    };
    // What instance b answers the staff token within 2 s, well under the cache's 10 s.
    const bAnswers = async (expected: number) => {
      const deadline = performance.now() + 2000;
      let status = 0;
      while ((status = (await call(b.base, 'GET', '/api/account', staff)).status) !== expected) {
        if (performance.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return status;
    };
    await setActivated(false);
    try {
      expect(await bAnswers(401)).toBe(401);
    } finally {
      await setActivated(true);
    }
    // Deactivation ended the session: reactivated, the account signs in anew, the old token stays dead.
    expect((await call(b.base, 'GET', '/api/account', staff)).status).toBe(401);
    expect((await signIn(b.base, 'reclamations')).status).toBe(200);
  });

  it('refuses on the other instance, within 2 s, a session signed out on one', async () => {
    const session = bearer(await signIn(a.base, 'agentrsic'));
    for (const instance of [a, b]) expect((await call(instance.base, 'GET', '/api/account', session)).status).toBe(200);
    expect((await call(a.base, 'POST', '/api/logout', session)).status).toBe(204);
    const deadline = performance.now() + 2000;
    let status = 0;
    while ((status = (await call(b.base, 'GET', '/api/account', session)).status) !== 401) {
      if (performance.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(status).toBe(401);
  });

  it('counts failed sign-ins made on both instances towards one lockout', async () => {
    const failures: Answer[] = [];
    for (let i = 1; i < MAX_FAILED_ATTEMPTS; i++) failures.push(await signIn(balancer.base, 'agentca', 'wrong'));
    expect(failures.map((f) => [f.status, f.body.message])).toEqual(
      failures.map(() => [401, 'login.messages.error.authentication']),
    );
    expect(new Set(failures.map((f) => f.instance))).toEqual(new Set(['a', 'b']));

    const last = await signIn(balancer.base, 'agentca', 'wrong');
    expect([last.status, last.body.message]).toEqual([401, 'login.messages.error.locked']);
    // Locked everywhere, even with the right password.
    for (const instance of [a, b]) {
      const right = await signIn(instance.base, 'agentca');
      expect([right.status, right.body.message, right.instance]).toEqual([
        401,
        'login.messages.error.locked',
        instance.name,
      ]);
    }
  });

  it('brings a pending-count event from a write on one instance to a stream on the other', async () => {
    const manager = bearer(await signIn(balancer.base, 'manager'));
    const stream = await openEvents(manager);
    expect(['a', 'b']).toContain(stream.instance);
    const first = await stream.next((r) => r.event === 'pending');
    let cards = first.data.cards as number;

    // Filed by a data-entry agent: the manager decides them (maker is not checker).
    const filer = bearer(await signIn(balancer.base, 'agentsaisie'));
    const orders: Answer[] = [];
    for (const holderName of ['Awa Diop', 'Moussa Fall']) {
      const created = await call(balancer.base, 'POST', '/core/api/card-orders', filer, {
        holderName,
        orderStatus: 'PENDING',
      });
      expect(created.status).toBe(201);
      orders.push(created);
    }
    cards += 2;
    await stream.next((r) => r.event === 'pending' && r.data.cards === cards);

    // Round robin: of two consecutive decisions, one is made on the instance the stream is not on.
    let crossed = false;
    for (const order of orders) {
      const from = stream.received.length;
      const sent = performance.now();
      const decided = await call(balancer.base, 'PUT', `/core/api/card-orders/${order.body.id}`, manager, {
        ...order.body,
        orderStatus: 'VALIDATED',
        comment: 'Carte commandée',
      });
      const answered = performance.now();
      expect(decided.status).toBe(200);
      cards -= 1;
      const event = await stream.next((r) => r.event === 'pending' && r.data.cards === cards, from);
      // The open forms of that request hear who saved it, whichever instance their stream is on.
      const saved = await stream.next((r) => r.event === 'saved' && r.data.id === order.body.id, from);
      expect(saved.data).toEqual({
        resource: 'card-orders',
        id: order.body.id,
        login: 'manager',
        version: decided.body.version,
      });
      console.log(
        `cluster: decision on ${decided.instance} answered in ${Math.round(answered - sent)} ms; ` +
          `the stream on ${stream.instance} had the new count ${Math.round(event.at - answered)} ms later`,
      );
      expect(event.at - sent).toBeLessThan(2000);
      crossed ||= decided.instance !== stream.instance;
    }
    expect(crossed).toBe(true);
    stream.close();
  });

  it('loses no acknowledged write when an instance is killed mid-stream, and the other keeps serving', async () => {
    const manager = bearer(await signIn(balancer.base, 'manager'));
    const [victim, survivor] = [a, b];
    const { writes, at: killedAt } = await writeLoad(manager, 'kill', () => victim.kill());

    const acknowledged = writes.filter((w) => w.status === 201);
    const failed = writes.filter((w) => w.status !== 201);
    const stored = await storedWrites('kill');
    const lost = acknowledged.filter((w) => stored.get(w.holder) !== w.id);
    console.log(
      `cluster: SIGKILL of ${victim.name}: ${writes.length} writes, ${acknowledged.length} acknowledged ` +
        `(${acknowledged.filter((w) => w.instance === victim.name).length} by ${victim.name}), ` +
        `${lost.length} acknowledged and lost; ${failed.length} failed ` +
        `(${failed.map((w) => w.status).join(', ') || 'none'}), of which ` +
        `${failed.filter((w) => stored.has(w.holder)).length} stored all the same`,
    );
    expect(lost).toEqual([]);
    expect(acknowledged.some((w) => w.instance === victim.name)).toBe(true);
    expect(acknowledged.some((w) => w.sent > killedAt)).toBe(true);
    // Only writes that reached the killed instance may fail: the one each client had in flight, and on a
    // loaded machine its next one when the balancer sent it on a kept-alive connection to the dead
    // instance before reading that connection's end (502: it retries nothing that may have written).
    // Those sent once the balancer has seen it go (a second at most: two failed checks 0.5 s apart) reach
    // the survivor.
    expect(failed.length).toBeLessThanOrEqual(2 * WORKERS);
    expect(failed.filter((w) => w.sent > killedAt + 1000)).toEqual([]);
    expect(victim.running()).toBe(false);

    const after: Answer[] = [];
    for (let i = 0; i < 6; i++) after.push(await call(balancer.base, 'GET', '/api/account', manager));
    expect(after.map((c) => [c.status, c.instance])).toEqual(after.map(() => [200, survivor.name]));
    expect(survivor.running()).toBe(true);
  });

  it('takes a restarted instance back, and stopping the other gracefully under writes fails none', async () => {
    // Migrated and seeded already: the restarted instance only starts.
    a = startInstance('a', a.port, database.url);
    await a.healthy();
    const deadline = Date.now() + 10_000;
    while ((await call(balancer.base, 'GET', '/management/health')).instance !== 'a') {
      expect(Date.now()).toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const manager = bearer(await signIn(balancer.base, 'manager'));
    let exitCode: number | null = null;
    const { writes } = await writeLoad(manager, 'stop', async () => {
      exitCode = await b.stop();
    });
    const stored = await storedWrites('stop');
    console.log(
      `cluster: SIGTERM of b: ${writes.length} writes, ${writes.filter((w) => w.instance === 'b').length} ` +
        `acknowledged by b, failed: ${
          writes
            .filter((w) => w.status !== 201)
            .map((w) => w.status)
            .join(', ') || 'none'
        }`,
    );
    // A request the stopping instance refused (503, unhandled) was sent to the other one.
    expect(writes.filter((w) => w.status !== 201)).toEqual([]);
    expect(writes.filter((w) => stored.get(w.holder) !== w.id)).toEqual([]);
    expect(writes.some((w) => w.instance === 'b')).toBe(true);
    expect(exitCode).toBe(0);
  });
});

const WORKERS = 4;

interface Write {
  holder: string;
  /** HTTP status, or the error code when the connection was cut. */
  status: number | string;
  instance: string | null;
  id?: number;
  sent: number;
}

/** Four clients creating card orders through the balancer for 5 s; `action` runs 1.5 s in, at `at`. */
describe('the books over two instances', () => {
  it('posts a transfer validated before its date once on that date, whichever instance looks first', async () => {
    const { rows } = await sql.query<{ id: string }>(
      `select id from bank_account where bank_account_status = 'OPENED' and available_amount >= 50000
        order by id limit 1`,
    );
    const accountId = Number(rows[0]!.id);
    const before = await sql.query<{ balance: string }>('select balance::text from bank_account where id = $1', [
      accountId,
    ]);
    const filer = bearer(await signIn(balancer.base, 'agentsaisie'));
    const filed = await call(balancer.base, 'POST', '/core/api/transfers', filer, {
      amount: '20000',
      bankAccountId: accountId,
      demandStatus: 'PENDING',
      execDate: new Date(Date.now() + 3000).toISOString(),
    });
    expect(filed.status, JSON.stringify(filed.body)).toBe(201);
    const manager = bearer(await signIn(balancer.base, 'manager'));
    const validated = await call(balancer.base, 'PUT', `/core/api/transfers/${filed.body.id}`, manager, {
      id: filed.body.id,
      version: filed.body.version,
      demandStatus: 'VALIDATED',
      comment: 'Virement programmé',
    });
    expect(validated.status).toBe(200);
    // Both instances look every second; the hold is posted by one of them.
    const deadline = Date.now() + 30_000;
    let settled: string | null = null;
    while (Date.now() < deadline && settled === null) {
      const hold = await sql.query<{ settlement: string | null }>(
        `select settlement from ledger_hold where request_entity = 'transfer' and request_id = $1`,
        [filed.body.id],
      );
      settled = hold.rows[0]?.settlement ?? null;
      if (settled === null) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(settled).toBe('posted');
    const entries = await sql.query('select id from ledger_entry where entry_key = $1', [`transfer:${filed.body.id}`]);
    expect(entries.rows).toHaveLength(1);
    const after = await sql.query<{ balance: string }>('select balance::text from bank_account where id = $1', [
      accountId,
    ]);
    expect(Number(after.rows[0]!.balance)).toBe(Number(before.rows[0]!.balance) - 20_000);
    const admin = bearer(await signIn(balancer.base, 'admin'));
    const books = await call(balancer.base, 'GET', '/management/ledger', admin);
    expect(books.body.checks.filter((c: { ok: boolean }) => !c.ok)).toEqual([]);
    expect(books.body.balanced).toBe(true);
  });
});

async function writeLoad(headers: Record<string, string>, tag: string, action: () => Promise<void>) {
  const writes: Write[] = [];
  const start = performance.now();
  let at = Infinity;
  const acting = new Promise<void>((resolve, reject) =>
    setTimeout(() => {
      at = performance.now();
      action().then(resolve, reject);
    }, 1500),
  );
  await Promise.all(
    Array.from({ length: WORKERS }, async (_, worker) => {
      for (let i = 0; performance.now() - start < 5000; i++) {
        const holder = `${tag}-${worker}-${i}`;
        const sent = performance.now();
        try {
          const answer = await call(balancer.base, 'POST', '/core/api/card-orders', headers, {
            holderName: holder,
            orderStatus: 'PENDING',
          });
          writes.push({ holder, status: answer.status, instance: answer.instance, id: answer.body?.id, sent });
        } catch (error) {
          // The balancer cut the connection: the instance died with the request in flight.
          writes.push({
            holder,
            status: (error as { cause?: { code?: string } }).cause?.code ?? String(error),
            instance: null,
            sent,
          });
        }
      }
    }),
  );
  await acting;
  return { writes, at };
}

/** Card orders written by `writeLoad(…, tag)` that the database holds: id by holder name. */
async function storedWrites(tag: string): Promise<Map<string, number>> {
  const { rows } = await sql.query<{ id: number; holder: string }>(
    `select id::int, ${HOLDER} as holder from ${quote(cardOrder.table)} where ${HOLDER} like $1`,
    [`${tag}-%`],
  );
  return new Map(rows.map((row) => [row.holder, row.id]));
}
