// The production start (docs/production.md): the systemd unit's ExecStart, and `npm start`, run plain
// node on the compiled server. SIGTERM to the PID a supervisor holds stops the server, exit code 0,
// within the unit's TimeoutStopSec, and frees its port: nothing is left running.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './child-server';
import { buildServer, PRODUCTION_MAIN, root } from './production';

const unit = fs.readFileSync(path.join(root, 'docs/bank-backoffice.service'), 'utf8');
function setting(name: string): string {
  const match = new RegExp(`^${name}=(.+)$`, 'm').exec(unit);
  if (!match) throw new Error(`${name}= missing from docs/bank-backoffice.service`);
  return match[1]!.trim();
}
const [, ...execArgs] = setting('ExecStart').split(/\s+/);
const killSignal = setting('KillSignal') as NodeJS.Signals;
const timeoutStopMs = Number(setting('TimeoutStopSec')) * 1000;

const dataDirs: string[] = [];
const started = new Set<ChildProcess>();

/** Starts `command` from the checkout (the unit's WorkingDirectory) over a fresh embedded database. */
function start(command: string, args: string[], port: number): { child: ChildProcess; output: () => string } {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-production-'));
  dataDirs.push(dataDir);
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED: 'none',
      LOG_LEVEL: 'warn',
      // The drain runs too: the stop must still end within TimeoutStopSec.
      SHUTDOWN_DRAIN_SECONDS: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.add(child);
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return { child, output: () => output };
}

async function healthy(port: number, child: ChildProcess, output: () => string): Promise<void> {
  // `npm start` first builds the web app when it is missing (a fresh clone).
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/management/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no health check answer:\n${output()}`);
}

/** Sends the unit's KillSignal; resolves with the exit code and how long the process took to go. */
async function stop(child: ChildProcess): Promise<{ code: number | null; ms: number }> {
  const sent = performance.now();
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill(killSignal);
  const code = await exited;
  return { code, ms: performance.now() - sent };
}

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const commandLine = (pid: number) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);

beforeAll(() => buildServer());

afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

// The PostgreSQL run covers the same stop: the cluster suite stops compiled instances over PostgreSQL.
describe.skipIf(Boolean(process.env.DATABASE_URL))('the production start', () => {
  it('runs the unit’s ExecStart, and stops on its KillSignal within TimeoutStopSec', { timeout: 240_000 }, async () => {
    expect(execArgs).toEqual([PRODUCTION_MAIN]);
    const port = await freePort();
    const { child, output } = start(process.execPath, execArgs, port);
    await healthy(port, child, output);

    const { code, ms } = await stop(child);
    expect(code, output()).toBe(0);
    expect(ms).toBeLessThan(timeoutStopMs);
    expect(await isFree(port)).toBe(true);
  });

  it('`npm start` execs the compiled server, so SIGTERM to npm’s PID stops it', { timeout: 240_000 }, async () => {
    const port = await freePort();
    const { child: npm, output } = start('npm', ['start'], port);
    await healthy(port, npm, output);
    const children = fs.readFileSync(`/proc/${npm.pid}/task/${npm.pid}/children`, 'utf8').trim().split(/\s+/);
    expect(children).toHaveLength(1);
    const server = Number(children[0]);
    // No shell and no tsx between npm and the server.
    expect(commandLine(server)).toEqual(['node', PRODUCTION_MAIN]);

    const { code, ms } = await stop(npm);
    expect(code, output()).toBe(0);
    expect(ms).toBeLessThan(timeoutStopMs);
    expect(alive(server)).toBe(false);
    expect(await isFree(port)).toBe(true);
  });
});
