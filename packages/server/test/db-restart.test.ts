// The server survives its database (DESIGN.md section 5): a PostgreSQL instance of this test's own, the
// real server on it as a child process under mixed reads and writes at 16 connections, the instance
// restarted twice (pg_ctl restart -m fast), then stopped for 30 s and started again. Throughout, the
// server process lives and every answer is a success or a 503 with Retry-After, never a 500;
// management/health says DOWN while PostgreSQL is stopped and UP within 10 s of its return, as the event
// stream and the access log work again; at the end every acknowledged write is in the database, and
// every acknowledged client-file read has its access-log row.
// It runs in the PostgreSQL run (`npm run test:pg`), on the machine's PostgreSQL binaries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityByName } from '@bank/domain';
import { childServer, type ChildServer } from './child-server';
import { openEventStream } from './helper';
import { findPostgres, Instance } from './pg-instance';

const WORKERS = 16;
/** How long PostgreSQL stays stopped in the last outage. */
const STOP_MS = 30_000;
/** Within this long after PostgreSQL is back, the server serves again: health, writes, events, access log. */
const RECOVERY_MS = 10_000;
const READ_CLIENTS = 20;

const found = findPostgres();
const skipReason = 'reason' in found ? found.reason : undefined;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it returns a value, or fails with `what` at `deadline` (a Date.now() instant). */
async function until<T>(what: string, deadline: number, probe: () => Promise<T | undefined>, everyMs = 100) {
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (childPid && !serverAlive()) throw new Error(`${what}: the server process has exited`);
    if (Date.now() > deadline) throw new Error(`${what}: not within the time allowed`);
    await sleep(everyMs);
  }
}

let instance: Instance;
let server: ChildServer;
let database: string;
let manager: Record<string, string>;
let childPid = 0;

/** What the load saw: answers by phase, anything but a success or a proper 503, acknowledged writes and reads. */
let phase = 'steady';
const answers = new Map<string, { ok: number; unavailable: number }>();
const unexpected: string[] = [];
const acked = { branches: new Set<string>(), clients: new Set<string>() };
const reads = new Map<number, { sent: number; acked: number }>();
const health: Array<{ at: number; phase: string; status: number | 'no answer' }> = [];
let stopping = false;
let load: Promise<unknown> | undefined;
const readClients: number[] = [];
let probeClient = 0;
let events: Awaited<ReturnType<typeof openEventStream>> | undefined;
/** Reads of the probe client (read by no worker) that were answered 200. */
let probeAcked = 0;
const recoveries: Array<Record<string, number | string>> = [];

function tally(status: 'ok' | 'unavailable') {
  const counts = answers.get(phase) ?? { ok: 0, unavailable: 0 };
  counts[status]++;
  answers.set(phase, counts);
}

async function call(method: string, url: string, body?: unknown, headers = manager) {
  return fetch(`${server.base}${url}`, {
    method,
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(60_000),
  });
}

/**
 * Reads a failed answer: a 503 must be the problem the API promises, anything else is a defect. While the
 * database is away a client waits a little before it tries again, as Retry-After asks (a loop of
 * immediate retries would only measure how fast this machine refuses).
 */
async function checkFailure(response: Response, label: string): Promise<void> {
  await sleep(20);
  const text = await response.text();
  if (response.status === 503) {
    const problem = JSON.parse(text) as { message?: string };
    const retryAfter = response.headers.get('retry-after');
    if (
      problem.message === 'error.http.503' &&
      retryAfter &&
      Number(retryAfter) > 0 &&
      response.headers.get('content-type')?.startsWith('application/problem+json')
    ) {
      tally('unavailable');
      return;
    }
  }
  if (unexpected.length < 50) unexpected.push(`${phase}: ${label} → ${response.status} ${text.slice(0, 300)}`);
}

/** One connection's loop: client-file reads (each logged), lists, new branches and new clients. */
async function worker(w: number) {
  for (let n = 0; !stopping; n++) {
    const choice = Math.random();
    let label = '';
    try {
      if (choice < 0.4) {
        const id = readClients[Math.floor(Math.random() * readClients.length)]!;
        label = `GET client ${id}`;
        const read = reads.get(id)!;
        read.sent++;
        const response = await call('GET', `/core/api/clients/${id}`);
        if (response.status === 200) {
          await response.arrayBuffer();
          read.acked++;
          tally('ok');
        } else await checkFailure(response, label);
      } else if (choice < 0.6) {
        label = 'GET lists';
        const url = n % 2 ? '/core/api/branches?page=0&size=20' : '/core/api/clients?page=0&size=20&sort=id,desc';
        const response = await call('GET', url);
        if (response.status === 200) {
          await response.arrayBuffer();
          tally('ok');
        } else await checkFailure(response, label);
      } else if (choice < 0.8) {
        const name = `Agence reprise ${w}-${n}`;
        label = `POST branch ${name}`;
        const response = await call('POST', '/core/api/branches', { name, code: `R${w}-${n}` });
        if (response.status === 201) {
          await response.arrayBuffer();
          acked.branches.add(name);
          tally('ok');
        } else await checkFailure(response, label);
      } else {
        const name = `Client reprise ${w}-${n}`;
        label = `POST client ${name}`;
        const response = await call('POST', '/core/api/clients', { name });
        if (response.status === 201) {
          await response.arrayBuffer();
          acked.clients.add(name);
          tally('ok');
        } else await checkFailure(response, label);
      }
    } catch (error) {
      // No answer at all: the server is gone or stuck, which must never happen.
      if (unexpected.length < 50) unexpected.push(`${phase}: ${label} → no answer (${(error as Error).message})`);
      await sleep(200);
    }
  }
}

/** One anonymous health check, as a load balancer makes it, recorded with the phase it was sent in. */
async function checkHealth() {
  const at = Date.now();
  const sentIn = phase;
  try {
    const response = await fetch(`${server.base}/management/health`, { signal: AbortSignal.timeout(30_000) });
    const body = (await response.json()) as { status: string };
    const consistent = (response.status === 200) === (body.status === 'UP');
    if (!consistent) unexpected.push(`${sentIn}: health ${response.status} with ${JSON.stringify(body)}`);
    health.push({ at, phase: sentIn, status: response.status });
  } catch {
    health.push({ at, phase: sentIn, status: 'no answer' });
  }
}

/**
 * Health checks every 100 ms, each after the previous answer; while PostgreSQL restarts (a few hundred
 * milliseconds here) one every 10 ms without waiting for answers, so that some are made while it is away
 * however slow the answers are under the load.
 */
async function healthPoller() {
  const inFlight = new Set<Promise<void>>();
  while (!stopping) {
    if (phase.startsWith('restart') && inFlight.size < 50) {
      const check = checkHealth().finally(() => inFlight.delete(check));
      inFlight.add(check);
      await sleep(10);
    } else {
      await checkHealth();
      await sleep(100);
    }
  }
  await Promise.all(inFlight);
}

/** Successes answered in the current phase so far. */
const okSoFar = () => answers.get(phase)?.ok ?? 0;

/** Lets the load run until it has had `count` successes in a new phase `name`. */
async function steady(name: string, count = 100) {
  phase = name;
  await until(`${count} successful calls in ${name}`, Date.now() + 60_000, async () =>
    okSoFar() >= count ? true : undefined,
  );
}

const accessRows = async (clientId: number) =>
  (
    await instance.query<{ n: number }>(
      database,
      "select count(*)::int as n from access_log where client_id = $1 and what = 'client'",
      [clientId],
    )
  )[0]!.n;

/**
 * After PostgreSQL is back (at `back`), each within 10 s and measured on its own: health UP, a write, an
 * event through the bus to the stream opened before the outages, a new event stream, and a client-file
 * read whose access-log row is in the database.
 */
async function checkRecovery(label: string, back: number) {
  const deadline = back + RECOVERY_MS;
  const elapsed = async (what: string, probe: () => Promise<boolean>) =>
    (await until(`${label}: ${what}`, deadline, async () => ((await probe()) ? Date.now() : undefined))) - back;
  let presenceId = 1_000_000 * (recoveries.length + 1);
  const [healthUpMs, writeMs, eventMs, newStreamMs, accessLogMs] = await Promise.all([
    elapsed('health UP', async () => {
      const response = await fetch(`${server.base}/management/health`);
      await response.arrayBuffer();
      return response.status === 200;
    }),
    elapsed('a write', async () => {
      const name = `Agence sonde ${label} ${Date.now()}`;
      const response = await call('POST', '/core/api/branches', { name, code: `S${Date.now() % 1e9}` });
      await response.arrayBuffer();
      if (response.status === 201) acked.branches.add(name);
      return response.status === 201;
    }),
    elapsed('a presence event on the stream opened before the outages', async () => {
      const id = ++presenceId;
      const from = events!.received.length;
      const response = await call('PUT', `/core/api/presence/card-orders/${id}`, {});
      await response.arrayBuffer();
      if (response.status !== 200) return false;
      const heard = (e: { event: string; data: Record<string, unknown> }) => e.event === 'presence' && e.data.id === id;
      return until('presence', Math.min(Date.now() + 400, deadline), async () =>
        events!.received.slice(from).some(heard) ? true : undefined,
      ).catch(() => false);
    }),
    elapsed('a new event stream', async () => {
      const stream = await openEventStream(`${server.base}/core/api/events`, manager);
      try {
        return stream.response.status === 200 && (await stream.next((e) => e.event === 'pending')) !== undefined;
      } finally {
        stream.close();
      }
    }),
    elapsed('a client-file read with its access-log row', async () => {
      const response = await call('GET', `/core/api/clients/${probeClient}`);
      await response.arrayBuffer();
      if (response.status !== 200) return false;
      probeAcked++;
      return (await accessRows(probeClient)) >= probeAcked;
    }),
  ]);
  const figures = { label, healthUpMs, writeMs, eventMs, newStreamMs, accessLogMs };
  recoveries.push(figures);
  return figures;
}

/** How many health checks made in phase `name` answered DOWN (503). */
function healthIn(name: string) {
  return { down: health.filter((h) => h.phase === name && h.status === 503).length };
}

/** The child started at the beginning still runs (signal 0 only asks whether the process exists). */
function serverAlive(): boolean {
  try {
    process.kill(childPid, 0);
    return server.pid() === childPid;
  } catch {
    return false;
  }
}

describe.skipIf(skipReason !== undefined)(
  `the server survives its PostgreSQL restarting${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    const started = Date.now();

    beforeAll(async () => {
      if ('reason' in found) return;
      instance = new Instance(found, 'bank-pg-restart-');
      // Every stop here is a clean shutdown (a checkpoint); the test is about availability, not the disk.
      await instance.create(['fsync = off']);
      server = await childServer('db_restart', {}, instance.url);
      await server.start();
      childPid = server.pid()!;
      const [created] = await instance.query<{ datname: string }>(
        'postgres',
        "select datname from pg_database where datname like 'bank_db_restart_%'",
      );
      database = created!.datname;
      manager = await server.headersFor('manager');
      for (let i = 0; i <= READ_CLIENTS; i++) {
        const response = await call('POST', '/core/api/clients', { name: `Client lu ${i}` });
        expect(response.status).toBe(201);
        const { id } = (await response.json()) as { id: number };
        if (i === READ_CLIENTS) probeClient = id;
        else {
          readClients.push(id);
          reads.set(id, { sent: 0, acked: 0 });
        }
      }
      events = await openEventStream(`${server.base}/core/api/events`, manager);
      expect(events.response.status).toBe(200);
      load = Promise.all([...Array.from({ length: WORKERS }, (_, w) => worker(w)), healthPoller()]);
    }, 180_000);

    afterAll(async () => {
      stopping = true;
      await load?.catch(() => {});
      events?.close();
      await server?.kill();
      await instance?.destroy();
    }, 60_000);

    it(
      'answers 503, never 500, while PostgreSQL restarts twice, and recovers each time',
      { timeout: 150_000 },
      async () => {
        for (const n of [1, 2]) {
          await steady(`before restart ${n}`);
          phase = `restart ${n}`;
          // A fast restart ends every backend: the calls in flight meet it. PostgreSQL is away for only a
          // few hundred milliseconds here, and on a loaded machine a restart once fell between the calls
          // (CI, 257 ms, none in flight): it is made again, up to 5 times, until calls met it.
          for (let attempt = 1; attempt <= 5 && (answers.get(phase)?.unavailable ?? 0) === 0; attempt++) {
            const restartedAt = Date.now();
            await instance.restart();
            const back = Date.now();
            const figures = await checkRecovery(`restart ${n}`, back);
            expect(serverAlive()).toBe(true);
            const seen = healthIn(`restart ${n}`);
            console.info(
              `PostgreSQL restart ${n}, try ${attempt} (${back - restartedAt} ms): ` +
                `${answers.get(phase)?.unavailable ?? 0} answers 503, ${seen.down} health DOWN; ` +
                `back after: ${JSON.stringify(figures)}`,
            );
          }
          // Health checks are not sure to fall in so short an outage: health's DOWN is asserted on the 30 s
          // stop below, and its UP after each restart (checkRecovery).
          expect(answers.get(phase)?.unavailable ?? 0, 'calls answered 503 during the restart').toBeGreaterThan(0);
          expect(unexpected).toEqual([]);
        }
      },
    );

    it('answers 503 through a 30 s stop of PostgreSQL and recovers when it starts', { timeout: 150_000 }, async () => {
      await steady('before stop');
      phase = 'stopping';
      const stoppedAt = Date.now();
      await instance.stop();
      // From here until PostgreSQL starts, nothing can succeed.
      phase = 'stopped';
      await until('health DOWN', stoppedAt + 20_000, async () => (healthIn('stopped').down > 0 ? true : undefined));
      await until('503 answers to the load', stoppedAt + 20_000, async () =>
        (answers.get('stopped')?.unavailable ?? 0) > 0 ? true : undefined,
      );
      // PostgreSQL stays away for 30 s while the load goes on; the server must stay up all along.
      while (Date.now() < stoppedAt + STOP_MS) {
        expect(serverAlive()).toBe(true);
        await sleep(500);
      }
      phase = 'starting';
      const during = answers.get('stopped') ?? { ok: 0, unavailable: 0 };
      expect(during.ok, 'nothing succeeds while PostgreSQL is stopped').toBe(0);
      await instance.start();
      const back = Date.now();
      phase = 'after stop';
      const figures = await checkRecovery('stop', back);
      const unavailable = ['stopping', 'stopped', 'starting', 'after stop']
        .map((name) => answers.get(name)?.unavailable ?? 0)
        .reduce((a, b) => a + b, 0);
      console.info(
        `PostgreSQL stopped ${Math.round((back - stoppedAt) / 1000)} s: ${unavailable} answers 503, ` +
          `${healthIn('stopped').down} health DOWN; back after: ${JSON.stringify(figures)}`,
      );
      await steady('after stop', 200);
      expect(serverAlive()).toBe(true);
      expect(unexpected).toEqual([]);
    });

    it(
      'keeps every acknowledged write and the access-log row of every acknowledged read',
      { timeout: 120_000 },
      async () => {
        stopping = true;
        await load;
        expect(serverAlive()).toBe(true);
        expect(unexpected).toEqual([]);
        expect(health.filter((h) => h.status === 'no answer').length, 'health checks left unanswered').toBe(0);

        const present = async (entity: string, names: Set<string>) => {
          const rows = await instance.query<{ name: string }>(
            database,
            `select name from ${entityByName(entity).table} where name = any($1::text[])`,
            [[...names]],
          );
          const found = new Set(rows.map((r) => r.name));
          return [...names].filter((name) => !found.has(name));
        };
        expect(await present('branch', acked.branches)).toEqual([]);
        expect(await present('client', acked.clients)).toEqual([]);

        const logged = new Map(
          (
            await instance.query<{ client_id: number; n: number }>(
              database,
              "select client_id, count(*)::int as n from access_log where what = 'client' and client_id = any($1::bigint[]) group by client_id",
              [readClients],
            )
          ).map((r) => [Number(r.client_id), r.n]),
        );
        const wrong = [...reads].filter(([id, { sent, acked: ok }]) => {
          const rows = logged.get(id) ?? 0;
          return rows < ok || rows > sent;
        });
        expect(wrong.map(([id, r]) => `client ${id}: ${logged.get(id) ?? 0} rows, ${JSON.stringify(r)}`)).toEqual([]);

        const total = [...answers.values()].reduce(
          (sum, a) => ({ ok: sum.ok + a.ok, unavailable: sum.unavailable + a.unavailable }),
          {
            ok: 0,
            unavailable: 0,
          },
        );
        const readsAcked = [...reads.values()].reduce((sum, r) => sum + r.acked, 0);
        console.info(
          `db-restart: ${Math.round((Date.now() - started) / 1000)} s, ${total.ok} successes and ${total.unavailable} answers 503 ` +
            `at ${WORKERS} connections; ${acked.branches.size + acked.clients.size} acknowledged writes and ` +
            `${readsAcked} acknowledged client-file reads all on record; by phase ${JSON.stringify(Object.fromEntries(answers))}`,
        );
        expect(total.ok).toBeGreaterThan(0);
        expect(acked.branches.size).toBeGreaterThan(0);
        expect(acked.clients.size).toBeGreaterThan(0);
      },
    );
  },
);
