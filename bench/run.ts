// `npm run bench`: builds the server (compiled, as `npm start` runs it), then on PostgreSQL (DATABASE_URL,
// seeded at bank scale first when empty), our server and the reference (bench/reference.ts) call by
// call, each under the same load right after the other; then our server on the embedded database
// with the demo data. Prints a Markdown table with every budget marked met or not and writes it, with
// the JSON, under bench/results/.
// BENCH_SECONDS (default 5) per call after a BENCH_WARMUP (default 1) s warm-up, BENCH_ROUNDS (default 3)
// rounds per call (ours, the reference and the floor, each round starting with the next), medians kept; BENCH_ONLY=pg|embedded;
// BENCH_CALLS='e-mail,client file' runs only the calls whose name contains one of those words; BENCH_CPU_PROF=DIR
// profiles the servers (processes.ts).
// On PostgreSQL each line measured against the reference also gets its raw-SQL floor: the reference's
// statements for its calls replayed by pgbench in the same rounds (floor.ts; BENCH_FLOOR=off skips
// it). It also reports what the access log costs the client file (issue 12).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { pgbenchFound, pgbenchScript, runFloor, type Floor } from './floor';
import { markdownTable } from './markdown';
import { buildServer, measured, postgresCpuSince, root, SERVER, startNode, stop, waitForHttp } from './processes';
import type { Statement } from './reference';
import { findFixture, scenarios, type Fixture, type Scenario } from './scenarios';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const warmup = Number(process.env.BENCH_WARMUP ?? 1);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
/** A line measured while the machine's 1-minute load average was above this is marked. */
const QUIET_LOAD = 2;
const only = process.env.BENCH_ONLY;
const callFilter = (process.env.BENCH_CALLS ?? '')
  .split(',')
  .map((word) => word.trim().toLowerCase())
  .filter(Boolean);
const selected = (scenario: Scenario) =>
  callFilter.length === 0 || callFilter.some((word) => scenario.name.toLowerCase().includes(word));
const databaseUrl = process.env.DATABASE_URL;
const RSS_BUDGET_MB = 300;
/** The embedded server's RSS holds the database too (PGlite's WebAssembly memory). */
const EMBEDDED = { connections: 8, budgetMs: 100, rssBudgetMb: 350 };
/** The sign-in limiter (60 a minute per address) is lifted: the bench measures what a sign-in costs. */
const SIGN_INS_PER_MINUTE = '1000000';
/** The staff decision as our server sends it, for pgbench (its raw-SQL floor). */
const DECISION_SQL = 'bench/sql/decision.pgb';
/** Card orders each server's decisions go to (one per connection). */
const WRITERS = 8;

interface Measure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  cpuMsPerRequest: number;
  /** CPU time of every PostgreSQL process of this machine per request (0 when the database runs elsewhere). */
  dbCpuMsPerRequest: number;
  peakRssMb: number;
}

interface Row {
  database: string;
  call: string;
  /** The requests each connection makes, as sent (the fixture's ids and fragments), for the JSON report. */
  paths: string[];
  connections: number;
  budgetMs: number;
  /** Medians of the rounds (errors and requests summed, RSS the peak). */
  ours: Measure;
  reference?: Measure;
  /** The raw-SQL floor: the reference's statements through pgbench (medians). */
  floor?: Floor;
  /** Every round, in the order run. */
  rounds: { ours: Measure[]; reference?: Measure[]; floor?: Floor[] };
  /** The machine's 1-minute load average before the line and after each of its runs. */
  load: { before: number; during: number[] };
}

const port = () => 18_000 + Math.floor(Math.random() * 2000);

async function signIn(base: string, login = 'manager'): Promise<string> {
  const response = await fetch(`${base}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: login, password: login }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status}`);
  return ((await response.json()) as { id_token: string }).id_token;
}

function getter(base: string, token: string) {
  return async (p: string) => {
    const response = await fetch(base + p, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`GET ${p}: ${response.status} ${await response.text()}`);
    return { rows: await response.json(), total: response.headers.get('x-total-count') };
  };
}

/**
 * Each card order as its last decision left it, followed across runs: the next decision sends it back
 * edited, as a client does with what it read (a stale body's `updatedAt` or `version` is refused).
 */
let latest = new Map<number, Record<string, unknown>>();

/** What a load run gives back (autocannon's result, or the write loop's in the same shape). */
interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  errors: number;
  non2xx: number;
  timeouts: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** A write loop's latencies as a load result (its refusals counted as non-2xx). */
function writeResult(latencies: number[], duration: number, errors: number): LoadResult {
  latencies.sort((x, y) => x - y);
  return {
    requests: { average: latencies.length / duration, total: latencies.length },
    latency: { p50: Math.round(percentile(latencies, 0.5)), p99: Math.round(percentile(latencies, 0.99)) },
    errors: 0,
    non2xx: errors,
    timeouts: 0,
  };
}

/**
 * The staff decision: each connection saves decisions on a card order of its own, one after the
 * other, each sending back what the previous one answered (its version and timestamps) with a new
 * status and comment.
 */
async function decisions(
  base: string,
  token: string,
  connections: number,
  duration: number,
  orders: Fixture['cardOrders'],
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + duration * 1000;
  const worker = async (order: Record<string, unknown> & { id: number; version: number }) => {
    while (performance.now() < end) {
      const current = latest.get(order.id) ?? order;
      const version = Number(current.version);
      const started = performance.now();
      const response = await fetch(`${base}/core/api/card-orders/${order.id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          ...current,
          orderStatus: version % 2 === 0 ? 'INPROGRESS' : 'PENDING',
          comment: `Décision de charge ${version}`,
        }),
      });
      const saved = (await response.json().catch(() => ({}))) as Record<string, unknown>;
      latencies.push(performance.now() - started);
      if (response.ok && typeof saved.version === 'number') latest.set(order.id, saved);
      else errors++;
    }
  };
  const rows = orders.slice(0, connections) as Array<Record<string, unknown> & { id: number; version: number }>;
  await Promise.all(rows.map(worker));
  return writeResult(latencies, duration, errors);
}

/** The data-entry agent's token on our server (transfers are filed by someone who does not decide them). */
let filerToken = '';

/**
 * The staff decision that moves money: each connection files a 100 XOF transfer on an account of its own
 * (as the data-entry agent, not measured), then validates it (as the manager, measured): the hold posts.
 */
async function postings(base: string, token: string, duration: number, accounts: number[]): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + duration * 1000;
  const send = (method: string, url: string, bearer: string, body: unknown) =>
    fetch(`${base}${url}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` },
      body: JSON.stringify(body),
    });
  const worker = async (bankAccountId: number) => {
    while (performance.now() < end) {
      const filed = await send('POST', '/core/api/transfers', filerToken, {
        amount: '100',
        bankAccountId,
        demandStatus: 'PENDING',
      });
      const transfer = (await filed.json().catch(() => ({}))) as { id?: number; version?: number };
      if (!filed.ok || transfer.id === undefined) {
        errors++;
        continue;
      }
      const started = performance.now();
      const validated = await send('PUT', `/core/api/transfers/${transfer.id}`, token, {
        id: transfer.id,
        version: transfer.version,
        demandStatus: 'VALIDATED',
        comment: 'Virement validé',
      });
      await validated.arrayBuffer();
      latencies.push(performance.now() - started);
      if (!validated.ok) errors++;
    }
  };
  await Promise.all(accounts.map(worker));
  return writeResult(latencies, duration, errors);
}

async function load(
  base: string,
  token: string,
  scenario: Scenario,
  connections: number,
  duration: number,
  orders: Fixture['cardOrders'],
): Promise<LoadResult> {
  if (scenario.write) return decisions(base, token, connections, duration, orders);
  if (scenario.posting) {
    const accounts = orders.slice(0, connections).map((account) => Number(account.id));
    return postings(base, token, duration, accounts);
  }
  const body = scenario.signIn ? JSON.stringify({ username: 'manager', password: 'manager' }) : undefined;
  return autocannon({
    url: base,
    connections,
    duration,
    headers: scenario.signIn ? { 'content-type': 'application/json' } : { authorization: `Bearer ${token}` },
    requests: scenario.calls.map((call) => ({ method: call.method, path: call.path, ...(body ? { body } : {}) })),
  });
}

async function measure(
  base: string,
  pid: number,
  token: string,
  scenario: Scenario,
  connections: number,
  orders: Fixture['cardOrders'],
): Promise<Measure> {
  if (warmup > 0) await load(base, token, scenario, connections, warmup, orders);
  const dbCpuMs = postgresCpuSince();
  const { result, cpuMs, peakRss } = await measured(pid, () =>
    load(base, token, scenario, connections, seconds, orders),
  );
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    requests: result.requests.total,
    cpuMsPerRequest: Number((cpuMs / Math.max(1, result.requests.total)).toFixed(3)),
    dbCpuMsPerRequest: Number((dbCpuMs() / Math.max(1, result.requests.total)).toFixed(3)),
    peakRssMb: Math.round(peakRss),
  };
}

/** Each metric's median over the rounds; errors and requests summed, RSS the highest. */
function medianOf(runs: Measure[]): Measure {
  const middle = (pick: (m: Measure) => number) => middleOf(runs, pick);
  return {
    rps: middle((m) => m.rps),
    p50: middle((m) => m.p50),
    p99: middle((m) => m.p99),
    errors: runs.reduce((sum, m) => sum + m.errors, 0),
    requests: runs.reduce((sum, m) => sum + m.requests, 0),
    cpuMsPerRequest: middle((m) => m.cpuMsPerRequest),
    dbCpuMsPerRequest: middle((m) => m.dbCpuMsPerRequest),
    peakRssMb: Math.max(...runs.map((m) => m.peakRssMb)),
  };
}

const loadNow = () => Number(os.loadavg()[0]!.toFixed(2));

const middleOf = <T>(runs: T[], pick: (run: T) => number) =>
  runs.map(pick).sort((x, y) => x - y)[Math.floor(runs.length / 2)]!;

/**
 * One line of the table: `rounds` rounds of a run of ours, one of the reference and one of the raw-SQL
 * floor when there are (so that a noisy minute hits every side), and the load average around them.
 */
async function measureLine(
  row: Pick<Row, 'database' | 'call' | 'paths' | 'connections' | 'budgetMs'>,
  ours: () => Promise<Measure>,
  reference?: () => Promise<Measure>,
  floor?: () => Promise<Floor>,
): Promise<Row> {
  const load = { before: loadNow(), during: [] as number[] };
  const runs: Row['rounds'] = { ours: [], ...(reference ? { reference: [] } : {}), ...(floor ? { floor: [] } : {}) };
  const sides = [
    async () => runs.ours.push(await ours()),
    ...(reference ? [async () => runs.reference!.push(await reference())] : []),
    ...(floor ? [async () => runs.floor!.push(await floor())] : []),
  ];
  for (let round = 0; round < rounds; round++) {
    // Each round starts with the next side, so that none always runs right after another (pgbench's 32
    // connections leave PostgreSQL busier for a moment than an HTTP run does).
    for (let turn = 0; turn < sides.length; turn++) {
      await sides[(round + turn) % sides.length]!();
      load.during.push(loadNow());
    }
  }
  const floors = runs.floor;
  return {
    ...row,
    ours: medianOf(runs.ours),
    ...(runs.reference ? { reference: medianOf(runs.reference) } : {}),
    ...(floors
      ? {
          floor: {
            rps: middleOf(floors, (f) => f.rps),
            p50: middleOf(floors, (f) => f.p50),
            p99: middleOf(floors, (f) => f.p99),
            errors: floors.reduce((sum, f) => sum + f.errors, 0),
          },
        }
      : {}),
    rounds: runs,
    load,
  };
}

/** The read statements the reference runs for each of `scenario`'s calls. */
async function statementsOf(refBase: string, scenario: Scenario): Promise<Statement[][]> {
  return Promise.all(
    scenario.calls.map(async (call) => {
      const response = await fetch(`${refBase}/bench/statements`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(call),
      });
      if (!response.ok) throw new Error(`statements of ${call.path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as Statement[];
    }),
  );
}

async function isSeeded(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(`select to_regclass('public.client') is not null as migrated`);
    if (!rows[0].migrated) return false;
    const { rows: clients } = await client.query('select exists (select 1 from client) as any');
    return clients[0].any as boolean;
  } finally {
    await client.end();
  }
}

async function benchPostgres(url: string, rows: Row[]): Promise<{ seedSeconds?: number }> {
  let seedSeconds: number | undefined;
  if (!(await isSeeded(url))) {
    console.log('PostgreSQL database empty: seeding it at bank scale (npm run seed -- --scale large)…');
    seedSeconds = await seedLarge(url);
  }
  const oursPort = port();
  const refPort = oursPort + 1;
  const ours = startNode(SERVER, {
    DATABASE_URL: url,
    PORT: String(oursPort),
    SEED: 'none',
    RATE_LIMIT_AUTHENTICATE: SIGN_INS_PER_MINUTE,
  });
  const reference = startNode('bench/reference.ts', { DATABASE_URL: url, PORT: String(refPort) });
  try {
    const oursBase = `http://127.0.0.1:${oursPort}`;
    const refBase = `http://127.0.0.1:${refPort}`;
    // A first start on a big database may apply migrations that rebuild indexes.
    await waitForHttp(`${oursBase}/management/health`, 900_000, ours);
    await waitForHttp(`${refBase}/core/api/clients/1`, 60_000, reference);
    const token = await signIn(oursBase);
    filerToken = await signIn(oursBase, 'agentsaisie');
    const fixture = await findFixture(getter(oursBase, token), 2 * WRITERS);
    const oursOrders = fixture.cardOrders.slice(0, WRITERS);
    const refOrders = fixture.cardOrders.slice(WRITERS);
    // The posting scenario's accounts, as rows: ours, then the reference's.
    const accountRows = fixture.postingAccounts.map((id) => ({ id }));
    const [oursAccounts, refAccounts] = [accountRows.slice(0, WRITERS), accountRows.slice(WRITERS)];
    const withFloor = process.env.BENCH_FLOOR !== 'off' && pgbenchFound();
    // The decision's floor writes orders of its own, after the servers' (its versions would make theirs stale).
    const floorOrder = Math.max(...fixture.cardOrders.map((order) => Number(order.id))) + 1;
    if (!withFloor) console.log('No raw-SQL floor: pgbench not found or BENCH_FLOOR=off.');
    for (const scenario of scenarios(fixture).filter(selected)) {
      const [oursRows, refRows] = scenario.posting ? [oursAccounts, refAccounts] : [oursOrders, refOrders];
      const withReference = scenario.reference && refRows.length > 0;
      // A decision's floor runs our statements (the reference locks where ours checks a version).
      const floorScript =
        !withFloor || !withReference || scenario.posting
          ? undefined
          : scenario.write
            ? { script: fs.readFileSync(path.join(root, DECISION_SQL), 'utf8'), defines: [`first=${floorOrder}`] }
            : pgbenchScript(await statementsOf(refBase, scenario));
      const row = await measureLine(
        {
          database: 'PostgreSQL, bank scale',
          call: scenario.name,
          paths: scenario.calls.map((c) => `${c.method} ${c.path}`),
          connections: scenario.connections,
          budgetMs: scenario.budgetMs,
        },
        () => measure(oursBase, ours.pid!, token, scenario, scenario.connections, oursRows),
        withReference
          ? () => measure(refBase, reference.pid!, token, scenario, scenario.connections, refRows)
          : undefined,
        floorScript ? () => runFloor(url, floorScript, scenario.connections, seconds) : undefined,
      );
      rows.push(row);
      console.log(line(row));
    }
    const logged = scenarios(fixture).filter((scenario) =>
      ACCESS_LOG_LINES.some((name) => scenario.name.startsWith(name)),
    );
    if (logged.some(selected)) {
      accessLog = await accessLogCost(
        url,
        oursPort + 2,
        { base: oursBase, pid: ours.pid! },
        token,
        logged.filter(selected),
      );
      for (const cost of accessLog) console.log(accessLogLine(cost));
    }
  } finally {
    await Promise.all([stop(ours), stop(reference)]);
  }
  return seedSeconds === undefined ? {} : { seedSeconds };
}

/** Alternating runs against our server as it is and the same server with ACCESS_LOG=off. */
const ACCESS_LOG_ROUNDS = 5;
/** The lines whose access-log cost is measured: the client file, and the client list and searches (issue 37). */
const ACCESS_LOG_LINES = ['client file', 'clients list', 'clients _search by name', 'clients _search by 200'];
/**
 * Each line's cost is measured at its own connections and at this few (a handful of clerks): the log's
 * batches are smallest at a low throughput, where a batch's fixed cost weighs most (issue 37: "at any
 * throughput").
 */
const ACCESS_LOG_FEW_CONNECTIONS = 4;

interface AccessLogCost {
  call: string;
  connections: number;
  withLog: Measure;
  withoutLog: Measure;
  /** Share of the line's req/s that the access-log write costs. */
  costPercent: number;
  /**
   * The least and the most of the rounds' costs, each round's pair of runs side by side: how far apart the
   * same comparison lands on this machine, which the median alone hides.
   */
  costRange: [number, number];
  /**
   * Share of the CPU a request takes (our server's and PostgreSQL's) that the write adds: what it costs a
   * machine that runs nothing else, whoever else shares this one.
   */
  cpuCostPercent: number;
  /** The machine's 1-minute load average before and after the line's runs. */
  load: { before: number; after: number };
}

/** How much less `value` is than `reference`, in percent to one decimal (0 against nothing). */
const percentLess = (value: number, reference: number) =>
  reference > 0 ? Number(((1 - value / reference) * 100).toFixed(1)) : 0;

/**
 * Issue 12: what recording the access log costs the client file. The same server code with the write
 * switched off (ACCESS_LOG=off) is the only honest baseline: the reference does less work per call, so
 * the same insert would weigh more there. Runs alternate so that a noisy neighbour hits both sides;
 * each side's medians are kept: on this shared 2-core machine one 5 s run can be 30 % off. The CPU a
 * request is given beside the req/s: a neighbour taking the cores lowers both sides' req/s, unevenly (the
 * log's one connection waits for its turn on a core), but hardly what each request burns.
 */
async function accessLogCost(
  url: string,
  offPort: number,
  withLog: { base: string; pid: number },
  token: string,
  lines: Scenario[],
): Promise<AccessLogCost[]> {
  const off = startNode(SERVER, {
    DATABASE_URL: url,
    PORT: String(offPort),
    SEED: 'none',
    ACCESS_LOG: 'off',
  });
  try {
    const offBase = `http://127.0.0.1:${offPort}`;
    await waitForHttp(`${offBase}/management/health`, 120_000, off);
    const costs: AccessLogCost[] = [];
    for (const scenario of lines) {
      for (const connections of [scenario.connections, ACCESS_LOG_FEW_CONNECTIONS]) {
        const on: Measure[] = [];
        const without: Measure[] = [];
        const runOn = async () => on.push(await measure(withLog.base, withLog.pid, token, scenario, connections, []));
        const runOff = async () => without.push(await measure(offBase, off.pid!, token, scenario, connections, []));
        const load = loadNow();
        // Each side goes first every other round, so neither always meets the caches the other left.
        for (let round = 0; round < ACCESS_LOG_ROUNDS; round++) {
          for (const run of round % 2 === 0 ? [runOn, runOff] : [runOff, runOn]) await run();
        }
        const [logged, unlogged] = [medianOf(on), medianOf(without)];
        const rounds = on.map((run, i) => percentLess(run.rps, without[i]!.rps));
        const cpu = (m: Measure) => m.cpuMsPerRequest + m.dbCpuMsPerRequest;
        costs.push({
          call: scenario.name,
          connections,
          withLog: logged,
          withoutLog: unlogged,
          costPercent: percentLess(logged.rps, unlogged.rps),
          costRange: [Math.min(...rounds), Math.max(...rounds)],
          cpuCostPercent: percentLess(cpu(unlogged), cpu(logged)),
          load: { before: load, after: loadNow() },
        });
      }
    }
    return costs;
  } finally {
    await stop(off);
  }
}

const accessLogLine = (cost: AccessLogCost) =>
  `Access log (issues 12, 37): ${cost.call} at ${cost.connections} connections does ${cost.withLog.rps} req/s ` +
  `with the access-log write (p99 ${cost.withLog.p99} ms, CPU ${cost.withLog.cpuMsPerRequest} + ` +
  `${cost.withLog.dbCpuMsPerRequest} ms/req in the server + PostgreSQL) and ${cost.withoutLog.rps} req/s with it ` +
  `off (p99 ${cost.withoutLog.p99} ms, CPU ${cost.withoutLog.cpuMsPerRequest} + ${cost.withoutLog.dbCpuMsPerRequest} ` +
  `ms/req), medians of ${ACCESS_LOG_ROUNDS} alternating runs: recording costs ${cost.costPercent} % of its ` +
  `throughput (budget: at most 10 %, ${cost.costPercent <= 10 ? 'met' : 'not met'}; round by round ` +
  `${cost.costRange[0]} to ${cost.costRange[1]} %) and ${cost.cpuCostPercent} % of ` +
  `its CPU; load ${cost.load.before}–${cost.load.after}.`;

async function seedLarge(url: string): Promise<number> {
  const started = performance.now();
  const seed = startNode('packages/server/src/seed/cli.ts', { DATABASE_URL: url }, ['--scale', 'large']);
  const code = await new Promise<number | null>((resolve) => seed.once('exit', resolve));
  if (code !== 0) throw new Error(`the large seed failed (${code})`);
  return (performance.now() - started) / 1000;
}

async function benchEmbedded(rows: Row[]): Promise<void> {
  latest = new Map(); // another database: the same ids are other rows
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-bench-'));
  const oursPort = port();
  const ours = startNode(SERVER, {
    DATABASE_URL: '',
    DATA_DIR: dataDir,
    PORT: String(oursPort),
    SEED: 'demo',
    RATE_LIMIT_AUTHENTICATE: SIGN_INS_PER_MINUTE,
  });
  try {
    const base = `http://127.0.0.1:${oursPort}`;
    await waitForHttp(`${base}/management/health`, 300_000, ours);
    const token = await signIn(base);
    filerToken = await signIn(base, 'agentsaisie');
    const fixture = await findFixture(getter(base, token), WRITERS);
    const accountRows = fixture.postingAccounts.map((id) => ({ id }));
    for (const scenario of scenarios(fixture).filter(selected)) {
      const connections = scenario.signIn ? scenario.connections : EMBEDDED.connections;
      const row = await measureLine(
        {
          database: 'PGlite, demo data',
          call: scenario.name,
          paths: scenario.calls.map((c) => `${c.method} ${c.path}`),
          connections,
          budgetMs: scenario.signIn ? Infinity : EMBEDDED.budgetMs,
        },
        () =>
          measure(base, ours.pid!, token, scenario, connections, scenario.posting ? accountRows : fixture.cardOrders),
      );
      rows.push(row);
      console.log(line(row));
    }
  } finally {
    await stop(ours);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Budget verdicts of a row: p99, share of the reference's req/s, memory. */
function verdict(row: Row): string {
  const misses: string[] = [];
  if (row.ours.errors > 0) misses.push(`${row.ours.errors} errors`);
  // A reference that fails is no reference: its errors answer fast and make any ratio meaningless.
  if (row.reference && row.reference.errors > 0) misses.push(`reference: ${row.reference.errors} errors, ratio void`);
  if (Number.isFinite(row.budgetMs) && row.ours.p99 >= row.budgetMs)
    misses.push(
      `p99 ≥ ${row.budgetMs} ms${row.floor && row.floor.p99 >= row.budgetMs ? ` (SQL alone: ${row.floor.p99} ms)` : ''}`,
    );
  if (row.reference && row.ours.rps < 0.6 * row.reference.rps) misses.push('< 60 % of reference');
  const rssBudgetMb = row.database.startsWith('PostgreSQL') ? RSS_BUDGET_MB : EMBEDDED.rssBudgetMb;
  if (row.ours.peakRssMb >= rssBudgetMb) misses.push(`RSS ≥ ${rssBudgetMb} MB`);
  if (!Number.isFinite(row.budgetMs) && misses.length === 0) return 'reported';
  return misses.length === 0 ? 'met' : `not met: ${misses.join(', ')}`;
}

const ratio = (row: Row) => (row.reference ? (row.ours.rps / Math.max(1, row.reference.rps)).toFixed(2) : '');

const HEADER = [
  'database',
  'call',
  'conn.',
  'req/s',
  'p50 ms',
  'p99 ms',
  'ref. req/s',
  'ref. p50',
  'ref. p99',
  'ratio',
  'SQL req/s',
  'SQL p99',
  'CPU ms/req',
  'ref. CPU ms/req',
  'RSS MB',
  'load',
  'budget',
];

/** The load average before the line and its highest during, marked when the machine was not quiet. */
function loadCell(row: Row): string {
  const highest = Math.max(row.load.before, ...row.load.during);
  return `${row.load.before.toFixed(1)}–${highest.toFixed(1)}${highest > QUIET_LOAD ? ' (busy)' : ''}`;
}

function cells(row: Row): Array<string | number> {
  return [
    row.database,
    row.call,
    row.connections,
    row.ours.rps,
    row.ours.p50,
    row.ours.p99,
    row.reference?.rps ?? '',
    row.reference?.p50 ?? '',
    row.reference?.p99 ?? '',
    ratio(row),
    row.floor?.rps ?? '',
    row.floor?.p99 ?? '',
    row.ours.cpuMsPerRequest,
    row.reference?.cpuMsPerRequest ?? '',
    row.ours.peakRssMb,
    loadCell(row),
    verdict(row),
  ];
}

const line = (row: Row) => `| ${cells(row).join(' | ')} |`;

buildServer();
const started = performance.now();
const rows: Row[] = [];
let seedSeconds: number | undefined;
let accessLog: AccessLogCost[] | undefined;
if (databaseUrl && only !== 'embedded') ({ seedSeconds } = await benchPostgres(databaseUrl, rows));
if (only !== 'pg') await benchEmbedded(rows);
const minutes = ((performance.now() - started) / 60_000).toFixed(1);

const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`;
const table = markdownTable(HEADER, rows.map(cells));
const stamp = new Date().toISOString();
const report = [
  `Benchmark of ${stamp.slice(0, 16).replace('T', ' ')} UTC on ${machine}; ${seconds} s per run after a ${warmup} s warm-up, ${rounds} rounds per call (ours, the reference and the raw-SQL floor, each round starting with the next; medians shown); run took ${minutes} min.`,
  seedSeconds === undefined ? '' : `The bank-scale seed took ${seedSeconds.toFixed(0)} s.`,
  '',
  table,
  '',
  `Budgets: p99 under 50 ms at 32 connections and at least 60 % of the reference's req/s for reads at bank scale;`,
  `p99 under 30 ms at 8 connections for the staff decision; RSS under ${RSS_BUDGET_MB} MB on PostgreSQL; p99 under 100 ms at 8 connections and RSS under ${EMBEDDED.rssBudgetMb} MB on the embedded database (whose RSS includes the database itself).`,
  "SQL: the raw-SQL floor, the reference's statements for the call replayed by pgbench on as many connections (bench/floor.ts): PostgreSQL alone, no HTTP.",
  'CPU ms/req: Node CPU time of the server process per request (PostgreSQL not included); RSS: our server, peak during the call.',
  `Load: the machine's 1-minute load average before the call's runs and the highest after one of them; (busy) above ${QUIET_LOAD}, where a figure says less.`,
  'Sign-in runs with the sign-in rate limit lifted (it measures the argon2id cost); the staff decision includes the history row, the audit event and the commit.',
  ...(accessLog ? ['', ...accessLog.map(accessLogLine)] : []),
].join('\n');
console.log(`\n${report}`);
const dir = path.join(root, 'bench/results');
fs.mkdirSync(dir, { recursive: true });
const file = stamp.replace(/[:.]/g, '-');
fs.writeFileSync(path.join(dir, `${file}.md`), `${report}\n`);
fs.writeFileSync(
  path.join(dir, `${file}.json`),
  JSON.stringify(
    {
      date: stamp,
      machine,
      seconds,
      warmup,
      rounds,
      seedSeconds,
      rows: rows.map((r) => ({ ...r, verdict: verdict(r) })),
      accessLog,
    },
    null,
    2,
  ),
);
