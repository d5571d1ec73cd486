// `npm run bench`: starts the real server (embedded database by default, DATABASE_URL for PostgreSQL),
// signs in, then drives HTTP load on 127.0.0.1 with autocannon against the hot calls, bounded in
// time, after a warm-up. Prints a Markdown table and writes JSON under bench/results/.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

interface Scenario {
  name: string;
  method?: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Signed-in call (bearer token of the manager demo account). */
  auth?: boolean;
  connections?: number;
}

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? (process.env.DATABASE_URL ? 32 : 8));
const port = 18500 + Math.floor(Math.random() * 400);
const base = `http://127.0.0.1:${port}`;

const scenarios: Scenario[] = [
  {
    name: 'sign-in (argon2id)',
    method: 'POST',
    path: '/api/authenticate',
    body: { username: 'manager', password: 'manager' },
    connections: 2,
  },
  { name: 'account', path: '/api/account', auth: true },
  { name: 'clients, page 1 by id', path: '/core/api/clients?page=0&size=20&sort=id,asc', auth: true },
  { name: 'clients search "diop"', path: '/core/api/_search/clients?query=diop&page=0&size=20', auth: true },
  {
    name: 'transactions, page 1 by date desc',
    path: '/core/api/transactions?page=0&size=20&sort=transactionDate,desc',
    auth: true,
  },
  { name: 'card orders PENDING', path: '/core/api/card-orders?orderStatus.in=PENDING&page=0&size=20', auth: true },
  { name: 'transfer by id', path: '/core/api/transfers/1', auth: true },
];

async function waitUntilUp(timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/management/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not start');
}

function run(scenario: Scenario, token: string, duration: number) {
  return autocannon({
    url: base + scenario.path,
    method: scenario.method ?? 'GET',
    connections: scenario.connections ?? connections,
    duration,
    headers: {
      'content-type': 'application/json',
      ...(scenario.auth ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(scenario.body ? { body: JSON.stringify(scenario.body) } : {}),
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-bench-'));
const server = spawn('node', ['--import', 'tsx', 'packages/server/src/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
try {
  await waitUntilUp(180_000);
  const signIn = await fetch(`${base}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'manager', password: 'manager' }),
  });
  const { id_token: token } = (await signIn.json()) as { id_token: string };
  const rows: Array<Record<string, string | number>> = [];
  for (const scenario of scenarios) {
    await run(scenario, token, 1); // warm-up
    const result = await run(scenario, token, seconds);
    rows.push({
      call: scenario.name,
      connections: scenario.connections ?? connections,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      errors: result.errors + result.non2xx,
    });
  }
  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)';
  const header = Object.keys(rows[0]!);
  const table = [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${header.map((h) => row[h]).join(' | ')} |`),
  ].join('\n');
  console.log(`\n${database}, ${os.cpus().length} cores, ${seconds} s per call after a 1 s warm-up\n\n${table}`);
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  fs.writeFileSync(
    path.join(root, `bench/results/${stamp}.json`),
    JSON.stringify({ database, seconds, rows }, null, 2),
  );
  fs.writeFileSync(path.join(root, `bench/results/${stamp}.md`), table + '\n');
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
