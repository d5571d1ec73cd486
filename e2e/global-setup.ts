// Starts the real server (compiled bundle, built web app, new embedded database with demo data) for the browser suite.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDirectory, type TestDirectory } from '../packages/server/test/oidc-provider';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker: worker N (VITEST_POOL_ID) uses the N-th. */
    baseURLs: string[];
    /** Each server's log (pino JSON lines): where the embedded default's outgoing mail is read. */
    serverLogs: string[];
  }
}

const root = path.resolve(import.meta.dirname, '..');
/** Every server started and every data directory made, from the first: teardown (run even when setup fails) ends them. */
const servers: ChildProcess[] = [];
const dataDirs: string[] = [];
/** The address of each server the files used, in the order of `servers` after the first (seeding) start. */
const baseURLsStarted: string[] = [];
/** The bank's directory (a real OpenID Connect provider), started before the servers that sign in through it. */
let directory: TestDirectory | undefined;

/**
 * Waits for the server's health answer. A first start migrates and seeds a new embedded database: a
 * minute on a quiet machine, several on a loaded one, so the wait is long; a server that exits fails at once.
 */
async function waitUntilUp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `the server exited (${child.exitCode ?? child.signalCode}) before answering; see its log, e2e/artifacts/server-N.log`,
      );
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

/**
 * Starts the compiled server, as production runs it (docs/production.md), on the Node running this suite,
 * over the embedded database in `dataDir`; its log is kept after the run with the screenshots, for whoever
 * reads a failure (appended to: the first start's lines stay).
 */
function startServer(port: number, dataDir: string, env: Record<string, string>, serverLog: string): ChildProcess {
  const logFile = fs.openSync(serverLog, 'a');
  const child = spawn(process.execPath, ['packages/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // info: the outbox mails (activation and reset links) are logged at that level.
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', logFile, 'inherit'],
  });
  fs.closeSync(logFile);
  return child;
}

/** Sends SIGTERM and waits for the exit (the server closes its database first). */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * One server, with its own database, per worker: files run two at a time, and a file still has its server to
 * itself (counts, queues and the home page's figures move only with its own steps, as they would for one user).
 */
export async function setup(project: TestProject): Promise<void> {
  const built = ['packages/web/dist/index.html', 'packages/server/dist/main.js'];
  if (!built.every((file) => fs.existsSync(path.join(root, file)))) {
    throw new Error('Build the web app and the server first: npm run build (npm run test:e2e does it)');
  }
  const count = project.config.maxWorkers;
  const firstPort = 18000 + Math.floor(Math.random() * 1000);
  const ports = Array.from({ length: count }, (_, i) => firstPort + i);
  const baseURLs = ports.map((port) => `http://127.0.0.1:${port}`);
  directory = await startDirectory(baseURLs.map((url) => `${url}/login/oauth2/code/oidc`));
  fs.mkdirSync(path.join(root, 'e2e/artifacts'), { recursive: true });
  const serverLogs = ports.map((_, i) => path.join(root, `e2e/artifacts/server-${i + 1}.log`));
  for (const log of serverLogs) fs.rmSync(log, { force: true });
  // One first start migrates and seeds a new database; the others start on copies of it, made while it is
  // stopped: the same demo data for half the CPU (a seeding is about 25 s of it).
  dataDirs.push(...ports.map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'bank-e2e-'))));
  const first = startServer(ports[0]!, dataDirs[0]!, directory.env, serverLogs[0]!);
  servers.push(first);
  await waitUntilUp(`${baseURLs[0]}/management/health`, first, 600_000);
  await stop(first);
  for (const dataDir of dataDirs.slice(1)) fs.cpSync(dataDirs[0]!, dataDir, { recursive: true });
  const started = ports.map((port, i) => startServer(port, dataDirs[i]!, directory!.env, serverLogs[i]!));
  servers.push(...started);
  baseURLsStarted.push(...baseURLs);
  await Promise.all(started.map((child, i) => waitUntilUp(`${baseURLs[i]}/management/health`, child, 120_000)));
  project.provide('baseURLs', baseURLs);
  project.provide('serverLogs', serverLogs);
}

/**
 * The books of a server after every file it served: whatever the browser did to money (filings, decisions,
 * corrections, deletions), they still reconcile (`GET management/ledger`, as the bank's administrator).
 */
async function booksOf(baseURL: string): Promise<string | undefined> {
  const signIn = await fetch(`${baseURL}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'admin' }),
  });
  const { id_token: token } = (await signIn.json()) as { id_token?: string };
  if (!token) return `${baseURL}: admin could not sign in (${signIn.status})`;
  const answer = await fetch(`${baseURL}/management/ledger`, { headers: { authorization: `Bearer ${token}` } });
  const report = (await answer.json()) as { balanced?: boolean; checks?: Array<{ name: string; ok: boolean }> };
  if (answer.status === 200 && report.balanced === true) return undefined;
  const broken = (report.checks ?? []).filter((check) => !check.ok).map((check) => check.name);
  return `${baseURL}: the books do not reconcile after the suite (${answer.status}): ${broken.join('; ')}`;
}

export async function teardown(): Promise<void> {
  // Read before the servers stop. Vitest reports an error thrown here and still exits 0: the run fails by its
  // exit code instead, once everything is torn down.
  const running = baseURLsStarted.filter((_, i) => servers[i + 1]?.exitCode === null);
  const unbalanced = (
    await Promise.all(running.map((url) => booksOf(url).catch((error: Error) => `${url}: ${error.message}`)))
  ).filter((message): message is string => message !== undefined);
  await Promise.all(servers.map(stop));
  for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
  await directory?.close();
  if (unbalanced.length > 0) {
    console.error(unbalanced.join('\n'));
    process.exitCode = 1;
  }
}
