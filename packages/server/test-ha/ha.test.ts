// High availability (issue 39, docs/production.md#high-availability): two app instances behind the
// cluster suite's HAProxy front, over a Patroni cluster of three PostgreSQL nodes in strict synchronous mode
// behind HAProxy (patroni.ts). Under the staff's load at 16 connections (load.ts), the primary's postmaster
// is killed, then a whole node, then Patroni switches the primary over as planned. Each time: the app
// processes live on, every answer is a success or a 503, writes succeed again within 20 s, and at the end
// every acknowledged write is on the primary, none was applied twice, the books balance and the evidence
// chains are intact.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import os from 'node:os';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityByName } from '@bank/domain';
import { quote } from '../src/db/schema';
import {
  createDatabase,
  ensureHaproxy,
  startBalancer,
  startInstance,
  type Balancer,
  type ClusterDatabase,
  type Instance,
} from '../test-cluster/cluster';
import { freePort } from '../test/child-server';
import { buildServer, root } from '../test/production';
import { startLoad, type Attempt, type KeyedWrite, type Load } from './load';
import { startPatroniCluster, type PatroniCluster } from './patroni';

/** Writes must succeed again this soon after each fault (issue 39). */
const RECOVERY_LIMIT_MS = 20_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const cleanups: Array<() => Promise<void>> = [];
let cluster: PatroniCluster;
let database: ClusterDatabase;
let instances: Instance[];
let balancer: Balancer;
const started = performance.now();

/** The Debian packages this suite needs, named for `apt-get install` (CI's machine step installs them). */
function missingPackages(): string[] {
  const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0;
  return [
    ...(has('patroni') ? [] : ['patroni']),
    ...(has('etcd') ? [] : ['etcd-server']),
    ...(has('setpriv') ? [] : ['util-linux']),
  ];
}

beforeAll(async () => {
  const missing = missingPackages();
  if (missing.length > 0) throw new Error(`missing: apt-get install -y ${missing.join(' ')}`);
  console.log(`ha: ${ensureHaproxy()}`);
  buildServer();
  const clusterStart = performance.now();
  cluster = await startPatroniCluster(180_000);
  cleanups.push(() => cluster.stop());
  console.log(
    `ha: etcd, 3 Patroni nodes and HAProxy ready in ${seconds(performance.now() - clusterStart)} ` +
      `(load average ${loadAverage()})`,
  );
  database = await createDatabase(cluster.url);
  const [portA, portB, portLb] = [await freePort(), await freePort(), await freePort()];
  instances = [startInstance('a', portA, database.url), startInstance('b', portB, database.url)];
  cleanups.push(...instances.map((instance) => () => instance.kill()));
  await Promise.all(instances.map((instance) => instance.healthy()));
  balancer = await startBalancer(portLb, instances);
  cleanups.push(() => balancer.stop());
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => console.error(error));
});

/** How many times each value occurs. */
const count = (values: readonly unknown[]) =>
  values.reduce<Record<string, number>>((counts, v) => ({ ...counts, [String(v)]: (counts[String(v)] ?? 0) + 1 }), {});
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const loadAverage = () => os.loadavg()[0]!.toFixed(1);

/** One query on the primary through HAProxy, tried again while a fail-over lasts (60 s at most). */
async function query<T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const client = new pg.Client({ connectionString: database.url, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      return (await client.query<T>(text, params)).rows;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(500);
    } finally {
      await client.end().catch(() => {});
    }
  }
}

async function signIn(username: string): Promise<Record<string, string>> {
  const response = await fetch(`${balancer.base}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: username }),
  });
  expect(response.status).toBe(200);
  return { authorization: `Bearer ${((await response.json()) as { id_token: string }).id_token}` };
}

const transfer = entityByName('transfer');
const transferLog = entityByName('transferLog');
const column = (entity: typeof transfer, field: string) => quote(entity.field(field)!.column);

interface Fault {
  name: string;
  /** Members that must run before it (the node killed by the previous fault may still be away). */
  before: number;
  act(): Promise<void>;
  /** Once writes are back. */
  after?(): void;
}

interface Outcome {
  name: string;
  at: number;
  /** When the probe's writes were acknowledged again. */
  recoveryMs: number;
  /** When the staff's writes (the web app's back-off) were acknowledged again. */
  staffRecoveryMs: number;
  unavailable: number;
  /** Who answered those 503s: an instance, or the balancer. */
  unavailableFrom: string[];
  acknowledged: number;
  other: Attempt[];
  leaderBefore: string;
  leaderAfter: string;
  load: string;
}

/** Waits until writes go through again after `at`: an outage seen (or 10 s without one), then 3 s of writes without a 503. */
async function writesBack(load: Load, at: number): Promise<void> {
  const deadline = at + 60_000;
  while (performance.now() < deadline) {
    await sleep(250);
    const now = performance.now();
    const since = load.attempts.filter((a) => a.kind === 'write' && a.at > at);
    const outageSeen = since.some((a) => a.status !== 200 && a.status !== 201) || now - at > 10_000;
    const recent = since.filter((a) => a.at > now - 3000);
    if (outageSeen && now - at > 3000 && recent.length > 0 && recent.every((a) => a.status === 200 || a.status === 201))
      return;
  }
  throw new Error(`writes did not succeed again within 60 s of the fault\n${cluster.logs()}`);
}

/**
 * From `at` to the first write acknowledged after the longest gap between acknowledgements in [at, end);
 * Infinity when none was acknowledged, or when the longest gap is the one left at the end.
 */
function recovery(writes: readonly KeyedWrite[], at: number, end: number): number {
  const acks = writes
    .filter((w) => w.answeredAt !== undefined && w.answeredAt > at && w.answeredAt < end && w.status! < 300)
    .map((w) => w.answeredAt!)
    .sort((x, y) => x - y);
  let previous = at;
  let longest = 0;
  let recoveredAt = at;
  for (const ack of acks) {
    if (ack - previous > longest) [longest, recoveredAt] = [ack - previous, ack];
    previous = ack;
  }
  return acks.length === 0 || end - previous > longest ? Infinity : recoveredAt - at;
}

describe('two instances over a Patroni cluster (3 nodes, synchronous, strict) behind HAProxy', () => {
  it('keeps every acknowledged write through a postmaster kill, a node loss and a switchover', async () => {
    // Seven accounts that can pay, with no request open on them: the load's transfers are the only ones there.
    const accounts = (
      await query<{ id: string }>(
        `select a.id from bank_account a
          where a.bank_account_status = 'OPENED' and a.available_amount >= 2000000
            and not exists (select 1 from ${quote(transfer.table)} t
                             where t.${column(transfer, 'bankAccountId')} = a.id
                               and t.${column(transfer, 'demandStatus')} in ('PENDING', 'INPROGRESS'))
          order by a.available_amount desc limit 7`,
      )
    ).map((row) => Number(row.id));
    expect(accounts).toHaveLength(7);
    // The demo's transfers end here; the load's start after.
    const [{ last }] = (await query<{ last: string }>(
      `select coalesce(max(id), 0) as last from ${quote(transfer.table)}`,
    )) as [{ last: string }];
    const load = startLoad({
      base: balancer.base,
      clerk: await signIn('agentsaisie'),
      manager: await signIn('manager'),
      accounts: accounts.slice(1),
      probeAccount: accounts[0]!,
      readers: 3,
    });
    const leader = async () => (await cluster.members()).find((m) => m.role === 'leader')?.name ?? '?';
    const syncStandby = async () => (await cluster.members()).find((m) => m.role === 'sync_standby')?.name ?? '?';
    let lost = '';
    const faults: Fault[] = [
      {
        name: 'kill -9 of the primary’s postmaster',
        before: 3,
        act: async () => cluster.killPostmaster(await leader()),
      },
      {
        name: 'loss of the primary’s node (Patroni and PostgreSQL)',
        before: 3,
        act: async () => {
          lost = await leader();
          cluster.killNode(lost);
        },
        // Brought back as an operator would: it rejoins as a replica (pg_rewind) while the load goes on.
        after: () => cluster.restartNode(lost),
      },
      {
        name: 'planned switchover (POST /switchover)',
        before: 2,
        act: async () => {
          const answer = await cluster.switchover(await leader(), await syncStandby());
          expect(answer.status, answer.text).toBe(200);
        },
      },
    ];
    const outcomes: Outcome[] = [];
    let stoppedAt = Infinity;
    try {
      await sleep(5000);
      for (const fault of faults) {
        await cluster.ready(fault.before, 120_000);
        const leaderBefore = await leader();
        const at = performance.now();
        const loadAtFault = loadAverage();
        await fault.act();
        await writesBack(load, at);
        fault.after?.();
        outcomes.push({
          name: fault.name,
          at,
          recoveryMs: 0,
          staffRecoveryMs: 0,
          unavailable: 0,
          unavailableFrom: [],
          acknowledged: 0,
          other: [],
          leaderBefore,
          leaderAfter: await leader(),
          load: loadAtFault,
        });
      }
      await sleep(2000);
    } finally {
      stoppedAt = performance.now();
      await load.stop();
    }

    // Each fault's window runs to the next one's, the last to the load's end.
    outcomes.forEach((outcome, i) => {
      const end = outcomes[i + 1]?.at ?? stoppedAt;
      const inWindow = load.attempts.filter((a) => a.at > outcome.at && a.at < end);
      outcome.recoveryMs = recovery(
        load.writes.filter((w) => w.probe),
        outcome.at,
        end,
      );
      outcome.staffRecoveryMs = recovery(
        load.writes.filter((w) => !w.probe),
        outcome.at,
        end,
      );
      outcome.unavailableFrom = inWindow.filter((a) => a.status === 503).map((a) => a.from ?? '?');
      outcome.unavailable = outcome.unavailableFrom.length;
      outcome.acknowledged = load.writes.filter(
        (w) => w.answeredAt! > outcome.at && w.answeredAt! < end && w.status! < 300,
      ).length;
      outcome.other = inWindow.filter((a) => ![200, 201, 503].includes(a.status as number));
    });

    // What the database holds of the load: the transfers on its accounts, their decisions in the history,
    // and the keys of the writes that committed.
    const stored = await query<{ id: string; status: string; decisions: number }>(
      `select t.id, t.${column(transfer, 'demandStatus')} as status,
              (select count(*)::int from ${quote(transferLog.table)} l
                where l.${column(transferLog, 'transferId')} = t.id
                  and l.${column(transferLog, 'demandStatus')} in ('VALIDATED', 'REJECTED')) as decisions
         from ${quote(transfer.table)} t where t.${column(transfer, 'bankAccountId')} = any($1) and t.id > $2`,
      [accounts, last],
    );
    const byId = new Map(stored.map((row) => [Number(row.id), row]));
    const keys = new Set(
      (
        await query<{ key: string }>(`select key from idempotency_key where key = any($1)`, [
          load.writes.map((w) => w.key),
        ])
      ).map((row) => row.key),
    );
    const acknowledged = load.writes.filter((w) => w.status !== undefined && w.status < 300);
    const lostWrites = acknowledged.filter((w) => {
      const row = byId.get(w.transferId!);
      return !row || !keys.has(w.key) || (w.method === 'PUT' && row.status !== w.decision);
    });
    const files = load.writes.filter((w) => w.method === 'POST');
    const filedKeys = files.filter((w) => keys.has(w.key)).length;
    const decidedTwice = stored.filter((row) => row.decisions > 1);
    const retried = acknowledged.filter((w) => w.tries > 1);

    console.log(`ha: ${load.attempts.length} calls at 16 connections, ${acknowledged.length} writes acknowledged`);
    for (const o of outcomes)
      console.log(
        `ha: ${o.name}: primary ${o.leaderBefore} → ${o.leaderAfter}; writes back after ${seconds(o.recoveryMs)} ` +
          `(the staff's, retrying as the web app, after ${seconds(o.staffRecoveryMs)}); ` +
          `${o.unavailable} answers 503, ${o.other.length} other failures; ${o.acknowledged} writes acknowledged ` +
          `until the next fault (load average ${o.load}); 503s by ` +
          JSON.stringify(count(o.unavailableFrom)) +
          (o.other.length
            ? `; other: ${o.other.map((a) => `${a.kind} ${a.status} (${a.from}) at +${seconds(a.at - o.at)}`).join(', ')}`
            : ''),
      );
    console.log(
      `ha: acknowledged and lost: ${lostWrites.length}; retried after a lost answer: ${retried.length} ` +
        `(${retried.filter((w) => w.replayed).length} had committed and got the first answer again); ` +
        `never answered: ${load.writes.filter((w) => w.status === undefined).length}; ` +
        `transfers on the accounts: ${stored.length}, filed with a key: ${filedKeys}; decided twice: ${decidedTwice.length}`,
    );

    // The books, and the evidence chains (history, audit, access log), on the primary after three fail-overs.
    const [books, evidence] = ['ledger:check', 'evidence:verify'].map((script) => {
      const run = spawnSync('npm', ['run', '--silent', script], {
        cwd: root,
        env: { ...process.env, DATABASE_URL: database.url },
        encoding: 'utf8',
      });
      const said = /"intact": (true|false)/.exec(run.stdout)?.[0] ?? run.stdout.trim().split('\n').at(-1);
      console.log(`ha: ${script}: exit ${run.status}, ${said}`);
      return run;
    }) as [SpawnSyncReturns<string>, SpawnSyncReturns<string>];
    const logged = instances.flatMap((instance) => instance.logs);
    console.log(
      `ha: commits whose answer was lost, found committed by the server and answered once: ` +
        `${logged.filter((l) => l.msg === 'idempotency key: a commit whose answer was lost had committed').length}; ` +
        `errors logged by the instances: ${logged.filter((l) => l.level >= 50).length}`,
    );
    console.log(`ha: members at the end: ${JSON.stringify(await cluster.members())}`);
    console.log(`ha: the suite took ${seconds(performance.now() - started)} (load average ${loadAverage()})`);

    expect(instances.map((instance) => instance.running())).toEqual([true, true]);
    expect(outcomes.flatMap((o) => o.other)).toEqual([]);
    expect(load.attempts.filter((a) => ![200, 201, 503].includes(a.status as number))).toEqual([]);
    for (const o of outcomes) expect(o.recoveryMs, o.name).toBeLessThanOrEqual(RECOVERY_LIMIT_MS);
    expect(lostWrites).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(0);
    // Each transfer on the accounts was filed by one keyed write that committed: none filed twice.
    expect(stored.length).toBe(filedKeys);
    expect(decidedTwice).toEqual([]);
    expect(load.writes.filter((w) => w.status === undefined)).toEqual([]);

    expect(books.status, books.stdout + books.stderr).toBe(0);
    expect(evidence.status, evidence.stdout + evidence.stderr).toBe(0);
  });
});
