// The real server as a child process over a database of its own: embedded PGlite in a temporary DATA_DIR,
// or a dedicated PostgreSQL database (created here, dropped by `cleanup`) when DATABASE_URL is set.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres, type Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { seedDemoAccounts } from '../src/seed/demo';
import { pgliteTemplate, postgresTemplate } from './templates';

const root = path.resolve(import.meta.dirname, '../../..');

export interface ChildServer {
  readonly backend: 'pglite' | 'postgres';
  /** http://127.0.0.1:<port> of the running child. */
  readonly base: string;
  /** Starts the server on the data and waits until it answers its health check. */
  start(): Promise<void>;
  /** SIGKILL: no shutdown, no flush; resolves once the process is gone. */
  kill(): Promise<void>;
  /** The last 64 kB the running child wrote (its log), stdout and stderr. */
  output(): string;
  /** Process id of the running child (for its memory in /proc). */
  pid(): number | undefined;
  /** Sends a request with `headers`, and `body` as JSON when given. */
  request(method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<Response>;
  /** Signs in and returns bearer headers. */
  headersFor(login: string, password?: string): Promise<Record<string, string>>;
  /** Stops the child if running and removes its data directory or drops its database. */
  cleanup(): Promise<void>;
}

/** A port nothing listens on now, for a child server (or a load balancer) to take. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface SpawnedServer {
  readonly child: ChildProcess;
  /** Whether it answered its health check; false when it exited first, or did not answer in time (killed). */
  readonly up: boolean;
  /** Its stdout and stderr until it was up or gone (the last 64 KiB). */
  output(): string;
}

/**
 * Starts the server (packages/server/src/main.ts, run by tsx) with `env` and resolves once it answers its
 * health check at `base`, or has exited; one that does neither within `timeoutMs` is killed.
 */
export async function spawnServer(env: NodeJS.ProcessEnv, base: string, timeoutMs: number): Promise<SpawnedServer> {
  const child = spawn('node', ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-65_536));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const deadline = Date.now() + timeoutMs;
  let up = false;
  while (!up && child.exitCode === null && Date.now() < deadline) {
    up = await fetch(`${base}/management/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (!up) await new Promise((resolve) => setTimeout(resolve, 150));
  }
  if (!up && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }
  child.stdout.off('data', keep);
  child.stderr.off('data', keep);
  return { child, up, output: () => output };
}

/** Resolves with the child's exit code once it has exited (at once if it has). */
export const exitOf = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise<number | null>((resolve) => child.once('exit', resolve));

/**
 * Prepares a migrated database holding the demo staff accounts, then returns the server around it.
 * `adminUrl`: the PostgreSQL server to create it on (default DATABASE_URL; none: embedded PGlite).
 */
export async function childServer(
  label: string,
  extraEnv: Record<string, string> = {},
  adminUrl = process.env.DATABASE_URL,
): Promise<ChildServer> {
  const backend = adminUrl ? 'postgres' : 'pglite';
  let dataDir = '';
  let databaseUrl = '';
  let dbName = '';
  let db: Database;
  // From the run's 'accounts' template when there is one (templates.ts), else migrated and seeded here.
  let seeded: boolean;
  if (adminUrl) {
    dbName = `bank_${label}_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
    const template = postgresTemplate('accounts', adminUrl);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}${template ? ` template ${template}` : ''}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
    db = await openPostgres(databaseUrl, 2);
    seeded = Boolean(template);
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `bank-${label}-`));
    const tarball = await pgliteTemplate('accounts');
    db = await openPglite(dataDir, tarball);
    seeded = Boolean(tarball);
  }
  const applied = await migrate(db);
  if (seeded && applied.length > 0) throw new Error(`template database lacked migrations ${applied.join(', ')}`);
  if (!seeded) await seedDemoAccounts(db);
  await db.close();

  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let output = '';
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    SEED: 'none',
    LOG_LEVEL: 'warn',
    // PostgreSQL keeps no files; the disk health check still looks at DATA_DIR.
    DATA_DIR: dataDir || os.tmpdir(),
    DATABASE_URL: databaseUrl,
    RATE_LIMIT_AUTHENTICATE: '0',
    // A test server has keys of its own, so none writes a development keys file.
    JWT_SECRET: crypto.randomBytes(48).toString('base64'),
    MFA_ENCRYPTION_KEY: crypto.randomBytes(32).toString('base64'),
    ...extraEnv,
  };

  const server: ChildServer = {
    backend,
    base,
    async start() {
      // Generous: an embedded database restarted after a kill, beside CI's other lane at a load of 8 to
      // 10, once took more than 90 s to answer its health check (2026-11-29).
      const began = Date.now();
      const started = await spawnServer(env, base, 180_000);
      child = started.child;
      output = started.output();
      const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-65_536));
      child.stdout!.on('data', keep);
      child.stderr!.on('data', keep);
      if (!started.up)
        throw new Error(
          `server not up after ${Math.round((Date.now() - began) / 1000)} s (exit ${child.exitCode}, ` +
            `signal ${child.signalCode}): ${output.slice(-4000)}`,
        );
    },
    async kill() {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
    output: () => output,
    pid: () => child?.pid,
    request(method, url, headers, body) {
      if (body === undefined) return fetch(`${base}${url}`, { method, headers });
      const json = { ...headers, 'content-type': 'application/json' };
      return fetch(`${base}${url}`, { method, headers: json, body: JSON.stringify(body) });
    },
    async headersFor(login, password = login) {
      const response = await fetch(`${base}/api/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: login, password }),
      });
      if (response.status !== 200) throw new Error(`sign-in of ${login}: ${response.status}`);
      const { id_token } = (await response.json()) as { id_token: string };
      return { authorization: `Bearer ${id_token}` };
    },
    async cleanup() {
      await server.kill();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      if (dbName) {
        const admin = new pg.Client({ connectionString: adminUrl });
        await admin.connect();
        await admin.query(`drop database if exists ${dbName} with (force)`);
        await admin.end();
      }
    },
  };
  return server;
}
