// Child processes of the benchmark (our server, the reference, the seed) and what they cost: resident
// memory and CPU time read from /proc while the load runs.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const root = new URL('..', import.meta.url).pathname;
/** The server as `npm start` and the systemd unit run it (docs/production.md). */
export const SERVER = 'packages/server/dist/main.js';

/** Bundles the server from the current sources into `SERVER`. */
export function buildServer(): void {
  const build = spawnSync('npm', ['run', 'build', '-w', '@bank/server'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`npm run build -w @bank/server failed (${build.status})`);
}

/** Runs `script`: compiled JavaScript as it is, the bench's own TypeScript (reference, seed) through tsx. */
export function startNode(script: string, env: Record<string, string | undefined>, args: string[] = []): ChildProcess {
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  // BENCH_CPU_PROF=DIR: each server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  return spawn(process.execPath, [...profile, ...loader, script, ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

export async function waitForHttp(url: string, timeoutMs: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** Builds the web app and the server (`npm run build`), as the browser benches measure them. */
export function buildAll(): void {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`npm run build failed (${build.status})`);
}

/** The demo server of withDemoServer: stopped and started again on the same data and port. */
export interface DemoServer {
  stop(): Promise<void>;
  start(): Promise<void>;
}

/**
 * Runs `work` against the compiled server on a new embedded database with the demo data (the browser
 * benches), then stops the server and removes its data, whatever `work` did.
 */
export async function withDemoServer<T>(
  name: string,
  work: (base: string, server: DemoServer) => Promise<T>,
): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bank-bench-${name}-`));
  const port = 18_000 + Math.floor(Math.random() * 2000);
  const env = { DATABASE_URL: '', DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: String(port), SEED: 'demo' };
  const base = `http://127.0.0.1:${port}`;
  let server = startNode(SERVER, env);
  const healthy = () => waitForHttp(`${base}/management/health`, 300_000, server);
  try {
    await healthy();
    return await work(base, {
      stop: () => stop(server),
      start: async () => {
        server = startNode(SERVER, env);
        await healthy();
      },
    });
  } finally {
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function stop(child: ChildProcess): Promise<void> {
  // Gone already: by its own exit, or killed by a signal (whose exit code stays null).
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

const TICKS_PER_SECOND = 100;

/** CPU time (ms) used so far by the process whose /proc stat line this is. */
const cpuMsOf = (stat: string) => {
  const fields = stat.split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
};

/** CPU time (ms) a process has used so far. */
export const cpuMs = (pid: number): number => cpuMsOf(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));

/** CPU time (ms) used so far by each PostgreSQL process of this machine (backends, WAL writer, checkpointer). */
function postgresCpu(): Map<string, number> {
  const used = new Map<string, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.includes(' (postgres) ')) used.set(entry, cpuMsOf(stat));
    } catch {
      // A process that ended between the listing and the read.
    }
  }
  return used;
}

/**
 * Starts counting what PostgreSQL spends for the servers when it runs here (0 when it runs elsewhere);
 * the function returned gives the CPU ms since. Counted by process, so that one ending in between takes
 * only its own time away (what it used in between is lost: the servers keep their connections).
 */
export function postgresCpuSince(): () => number {
  const before = postgresCpu();
  return () => {
    let total = 0;
    for (const [pid, ms] of postgresCpu()) total += ms - (before.get(pid) ?? 0);
    return total;
  };
}

/** Resident memory (MB) of a process now. */
export function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
}

/** Samples a process while `work` runs: its largest RSS and the CPU time it spent. */
export async function measured<T>(pid: number, work: () => Promise<T>) {
  const cpuBefore = cpuMs(pid);
  let peakRss = rssMb(pid);
  const timer = setInterval(() => (peakRss = Math.max(peakRss, rssMb(pid))), 200);
  try {
    const result = await work();
    return { result, cpuMs: cpuMs(pid) - cpuBefore, peakRss: Math.max(peakRss, rssMb(pid)) };
  } finally {
    clearInterval(timer);
  }
}
