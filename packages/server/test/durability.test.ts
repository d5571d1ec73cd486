// A write the API acknowledged survives a SIGKILL of the server (embedded database in DATA_DIR).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../src/db/database';
import { pgliteTemplate } from './templates';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-durability-'));
const port = 19000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
let server: ChildProcess | undefined;

async function start(): Promise<void> {
  server = spawn('node', ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'silent', DATABASE_URL: '' },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/management/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not start');
}

async function kill(): Promise<void> {
  const exited = new Promise((resolve) => server!.once('exit', resolve));
  server!.kill('SIGKILL');
  await exited;
}

async function signIn(username: string, password: string): Promise<Response> {
  return fetch(`${base}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
}

afterAll(async () => {
  if (server && server.exitCode === null) await kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// The PostgreSQL run covers the same code; this test is about the embedded database's files.
describe.skipIf(Boolean(process.env.DATABASE_URL))('durability of the embedded database', () => {
  it('keeps an acknowledged password change after SIGKILL and restart', { timeout: 120_000 }, async () => {
    // The staff accounts written into DATA_DIR from the run's template, so the first start does not spend
    // its time on the demo seed (the browser suite's server starts on an empty DATA_DIR and seeds it).
    const tarball = await pgliteTemplate('accounts');
    if (tarball) await (await openPglite(dataDir, tarball)).close();
    await start();
    const token = ((await (await signIn('manager', 'manager')).json()) as { id_token: string }).id_token;
    const change = await fetch(`${base}/api/account/change-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ currentPassword: 'manager', newPassword: 'apres-le-crash' }),
    });
    expect(change.status).toBe(200);
    await kill();

    await start();
    expect((await signIn('manager', 'apres-le-crash')).status).toBe(200);
    expect((await signIn('manager', 'manager')).status).toBe(401);
    // The token issued before the crash is still valid: the secret lives in the database.
    const account = await fetch(`${base}/api/account`, { headers: { authorization: `Bearer ${token}` } });
    expect(account.status).toBe(200);
  });
});
