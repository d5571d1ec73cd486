// The pieces of a small cluster for `npm run test:cluster`: a fresh PostgreSQL database, compiled
// server processes started the way `npm start` and the systemd unit run them, and HAProxy from
// Debian's packages in front of them. Every process started here is killed when the test process
// exits, whatever happened.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { PRODUCTION_MAIN } from '../test/production';

const root = path.resolve(import.meta.dirname, '../../..');

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** Kills `child` (SIGKILL) when the test process exits, if it still runs then. */
export function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Sends `signal` and resolves with the exit code (null when killed) once the process is gone. */
async function signal(child: ChildProcess, name: NodeJS.Signals): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill(name);
  return exited;
}

const haproxyVersion = () => spawnSync('haproxy', ['-v'], { encoding: 'utf8' }).stdout?.split('\n')[0] ?? '';

/** HAProxy's version line, installed from Debian's packages first when missing (CI runs as root). */
export function ensureHaproxy(): string {
  const found = haproxyVersion();
  if (found) return found;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => spawnSync('apt-get', ['install', '-y', '-qq', 'haproxy'], { env, stdio: 'inherit' }).status;
  // A fresh machine may have no package lists yet.
  if (install() !== 0) {
    spawnSync('apt-get', ['update', '-qq'], { env, stdio: 'inherit' });
    install();
  }
  const version = haproxyVersion();
  if (!version) throw new Error('haproxy is missing and `apt-get install -y haproxy` did not install it');
  return version;
}

export interface ClusterDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database on the server of `adminUrl`. */
export async function createDatabase(adminUrl: string): Promise<ClusterDatabase> {
  const name = `bank_cluster_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

/** One line of an instance's JSON log (pino). */
export interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

export interface Instance {
  readonly name: string;
  readonly base: string;
  readonly port: number;
  /** Log lines at warn level and above, and the start-up lines the test looks for. */
  readonly logs: LogLine[];
  running(): boolean;
  /** Resolves once it answers its health check; rejects when it exits or takes too long. */
  healthy(): Promise<void>;
  /** SIGKILL: no shutdown at all. */
  kill(): Promise<void>;
  /** SIGTERM: the server's own graceful stop; resolves with its exit code. */
  stop(): Promise<number | null>;
}

const KEPT_MESSAGES = new Set(['migrations applied', 'demo data created']);

/**
 * Starts `node packages/server/dist/main.js` (built by `buildServer` from ../test/production) — what
 * `npm start` runs — on `port`, over `databaseUrl`, with the demo seed, naming itself `name` in X-Instance-Id.
 */
export function startInstance(name: string, port: number, databaseUrl: string): Instance {
  const child = track(
    spawn('node', [PRODUCTION_MAIN], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        INSTANCE_ID: name,
        SEED: 'demo',
        // Both look for transfers whose execution date has come every second: one posts each.
        DUE_POSTING_SECONDS: '1',
        // No configured keys: the instances share the development keys file of DATA_DIR, which the first writes.
        JWT_SECRET: '',
        MFA_ENCRYPTION_KEY: '',
        LOG_LEVEL: 'info',
        // Behind the balancer: the client's address comes from X-Forwarded-For.
        TRUST_PROXY: 'true',
        // On SIGTERM, DOWN to the balancer's checks (two failures 0.5 s apart) before closing connections.
        SHUTDOWN_DRAIN_SECONDS: '2',
        // PostgreSQL keeps no files; the disk health check still looks at DATA_DIR.
        DATA_DIR: os.tmpdir(),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
  const logs: LogLine[] = [];
  let tail = '';
  let pending = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop()!;
    for (const text of lines) {
      tail = (tail + text + '\n').slice(-4000);
      try {
        const line = JSON.parse(text) as LogLine;
        if (line.level >= 40 || KEPT_MESSAGES.has(line.msg)) logs.push(line);
      } catch {
        logs.push({ level: 50, msg: text });
      }
    }
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (tail = (tail + chunk).slice(-4000)));
  const base = `http://127.0.0.1:${port}`;
  return {
    name,
    base,
    port,
    logs,
    running: () => child.exitCode === null && child.signalCode === null,
    async healthy() {
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`instance ${name} exited with ${child.exitCode}:\n${tail}`);
        try {
          if ((await fetch(`${base}/management/health`)).ok) return;
        } catch {
          // not listening yet
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`instance ${name} did not start:\n${tail}`);
    },
    kill: async () => void (await signal(child, 'SIGKILL')),
    stop: () => signal(child, 'SIGTERM'),
  };
}

export interface Balancer {
  readonly base: string;
  readonly config: string;
  stop(): Promise<void>;
}

/**
 * HAProxy in the foreground on `port`: round robin over `instances` with no stickiness, health checks
 * every half second (two failures take an instance out), and a request whose connection is refused,
 * or that a stopping instance answered 503 without handling it, sent to the other instance. Nothing
 * else is retried: a request that reached an instance may have written.
 */
export async function startBalancer(port: number, instances: readonly Instance[]): Promise<Balancer> {
  const config = [
    'defaults',
    '  mode http',
    '  timeout connect 1s',
    '  timeout client 60s',
    // Longer than the event stream's 25 s heartbeat.
    '  timeout server 60s',
    '  retries 2',
    '  retry-on conn-failure 503',
    '  option redispatch 1',
    'frontend bank',
    `  bind 127.0.0.1:${port}`,
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    '  option forwardfor',
    '  option httpchk GET /management/health',
    '  http-check expect status 200',
    '  default-server check inter 500ms fall 2 rise 2',
    ...instances.map((instance) => `  server ${instance.name} 127.0.0.1:${instance.port}`),
    // When every instance says DOWN (their database is away, a fail-over), requests still go to them and are
    // answered 503 with Retry-After: with no server left, HAProxy 2.6 cut the connections of the requests
    // whose 503 it was retrying.
    ...instances.map((instance) => `  server ${instance.name}-anyway 127.0.0.1:${instance.port} backup no-check`),
    '',
  ].join('\n');
  const base = `http://127.0.0.1:${port}`;
  const proxy = await startHaproxy(config, () =>
    fetch(`${base}/management/health`).then(
      (response) => response.ok,
      () => false,
    ),
  );
  return { base, config, stop: proxy.stop };
}

export interface Haproxy {
  readonly pid: number;
  /** The last 4 kB it wrote to stderr (its log with -db). */
  output(): string;
  /** SIGKILL, then its configuration's folder removed. */
  stop(): Promise<void>;
}

/** HAProxy in the foreground with `config`, once `ready` says so (within 15 s). */
export async function startHaproxy(config: string, ready: () => Promise<boolean>): Promise<Haproxy> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-haproxy-'));
  const file = path.join(dir, 'haproxy.cfg');
  fs.writeFileSync(file, config);
  // -db: stay in the foreground, so the process is ours to stop.
  const child = track(spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'ignore', 'pipe'] }));
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-4000)));
  const stop = async () => {
    await signal(child, 'SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline && child.exitCode === null) {
    if (await ready()) return { pid: child.pid!, output: () => stderr, stop };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`haproxy did not start (exit ${child.exitCode}):\n${stderr}`);
}
