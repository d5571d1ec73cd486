// Keys and links never rest with the data (issue 37): under prod the server refuses to start without its
// keys; in development they go to a private file, out of the database, and an older database's keys
// move there; DATA_DIR and every file in it are the server's alone; the outbox never keeps a live link,
// and under prod the log prints none.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { openPglite } from '../src/db/database';
import { MASK } from '../src/modules/management/secrets';
import { KEYS_FILE } from '../src/security/server-keys';
import { childServer, exitOf, freePort, spawnServer } from './child-server';
import { keyIn, lastMailTo, storedMailTo } from './outbox';
import { startTestApp } from './helper';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-keys-'));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

/**
 * Runs the server until it answers its health check (then `whileUp`, then SIGTERM) or exits; resolves with
 * its exit code and output.
 */
async function runServer(
  env: Record<string, string>,
  whileUp: () => void = () => {},
): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const started = await spawnServer(
    {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'none',
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      ...env,
    },
    `http://127.0.0.1:${port}`,
    300_000, // a first start creates and migrates the embedded database: minutes on a busy machine
  );
  let output = started.output();
  const keep = (chunk: Buffer) => (output += chunk.toString());
  started.child.stdout!.on('data', keep);
  started.child.stderr!.on('data', keep);
  if (started.up) {
    try {
      whileUp();
    } finally {
      started.child.kill('SIGTERM');
    }
  }
  return { code: await exitOf(started.child), output };
}

/** Files and folders under `dir` that a group or other users may read, write or enter, with their modes. */
function openToOthers(dir: string): string[] {
  return [dir, ...(fs.readdirSync(dir, { recursive: true }) as string[]).map((name) => path.join(dir, name))]
    .map((entry) => [entry, fs.lstatSync(entry).mode & 0o777] as const)
    .filter(([, mode]) => (mode & 0o077) !== 0)
    .map(([entry, mode]) => `${path.relative(dir, entry) || '.'} ${mode.toString(8)}`);
}

describe('the server keys under prod', () => {
  it('refuses to start without them, naming each missing one, before it creates anything', async () => {
    const dataDir = path.join(work, 'prod-none');
    const none = await runServer({ PROFILES: 'prod', DATA_DIR: dataDir, JWT_SECRET: '', MFA_ENCRYPTION_KEY: '' });
    expect(none.code).toBe(1);
    expect(none.output).toMatch(/JWT_SECRET and MFA_ENCRYPTION_KEY are missing: under PROFILES=prod/);
    expect(fs.existsSync(dataDir)).toBe(false);

    const one = await runServer({
      PROFILES: 'prod',
      DATA_DIR: dataDir,
      JWT_SECRET: 'x'.repeat(40),
      MFA_ENCRYPTION_KEY: '',
    });
    expect(one.code).toBe(1);
    expect(one.output).toMatch(/MFA_ENCRYPTION_KEY is missing/);
    expect(one.output).not.toMatch(/JWT_SECRET (and|is) /);
  }, 60_000);

  it('reads them from systemd credentials ($CREDENTIALS_DIRECTORY/NAME) when the environment has none', () => {
    const credentials = path.join(work, 'credentials');
    fs.mkdirSync(credentials, { mode: 0o700 });
    fs.writeFileSync(path.join(credentials, 'JWT_SECRET'), 'jwt-from-credential-0123456789abcdef\n', { mode: 0o400 });
    fs.writeFileSync(path.join(credentials, 'BACKUP_KEY'), 'backup-from-credential', { mode: 0o400 });
    const config = loadConfig({ PROFILES: 'prod', CREDENTIALS_DIRECTORY: credentials, MFA_ENCRYPTION_KEY: 'from-env' });
    expect(config).toMatchObject({
      jwtSecret: 'jwt-from-credential-0123456789abcdef',
      mfaEncryptionKey: 'from-env',
      backupKey: 'backup-from-credential',
    });
  });
});

describe.skipIf(Boolean(process.env.DATABASE_URL))('DATA_DIR of the embedded database (development)', () => {
  it('is created 0700 with every file 0600, keeps the keys in a private file and not in the database, and takes over an older one', async () => {
    const dataDir = path.join(work, 'data');
    let running: string[] = [];
    const first = await runServer({ DATA_DIR: dataDir, JWT_SECRET: '', MFA_ENCRYPTION_KEY: '' }, () => {
      running = openToOthers(dataDir);
    });
    expect(first.code, first.output).toBe(0);
    expect(running).toEqual([]);
    expect(openToOthers(dataDir)).toEqual([]);
    const keysFile = path.join(dataDir, KEYS_FILE);
    expect(fs.statSync(keysFile).mode & 0o777).toBe(0o600);
    expect(Object.keys(JSON.parse(fs.readFileSync(keysFile, 'utf8')))).toEqual(['jwtSecret', 'mfaKey']);

    // As an older release left it: its keys in app_setting, no keys file, files open to everyone.
    const old = { jwt: crypto.randomBytes(64).toString('base64'), mfa: crypto.randomBytes(64).toString('base64') };
    const db = await openPglite(dataDir);
    try {
      expect(await db.query(`select key from app_setting`)).toEqual([]);
      await db.query(`insert into app_setting (key, value) values ('jwt.secret', $1), ('mfa.key', $2)`, [
        old.jwt,
        old.mfa,
      ]);
    } finally {
      await db.close();
    }
    fs.rmSync(keysFile);
    fs.chmodSync(dataDir, 0o755);
    for (const name of ['PG_VERSION', 'postgresql.conf', 'global/pg_control'])
      fs.chmodSync(path.join(dataDir, name), 0o666);

    const second = await runServer({ DATA_DIR: dataDir, JWT_SECRET: '', MFA_ENCRYPTION_KEY: '' });
    expect(second.code, second.output).toBe(0);
    expect(second.output).toMatch(/"tightened":4,.*DATA_DIR was open to other users/);
    expect(second.output).toMatch(/keys moved out of the database/);
    expect(openToOthers(dataDir)).toEqual([]);
    // The same keys, so the data's tokens and second factors still work.
    expect(JSON.parse(fs.readFileSync(keysFile, 'utf8'))).toEqual({ jwtSecret: old.jwt, mfaKey: old.mfa });
    const reopened = await openPglite(dataDir);
    try {
      expect(await reopened.query(`select key from app_setting`)).toEqual([]);
    } finally {
      await reopened.close();
    }
  }, 700_000);
});

describe('the outbox and the log', () => {
  it('keep a mail with its link key masked; the recipient gets the working link', async () => {
    const t = await startTestApp();
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/account/reset-password/init',
        headers: { 'content-type': 'text/plain' },
        payload: 'agentca@banque.sn',
      });
      expect(response.statusCode).toBe(200);
      const key = keyIn((await lastMailTo(t, 'agentca@banque.sn'))!.text, 'reset/finish');
      const stored = (await storedMailTo(t.db, 'agentca@banque.sn'))!;
      expect(stored.body_text).toContain(`/reset/finish/${MASK}`);
      expect(stored.body_html).toContain(`/reset/finish/${MASK}`);
      expect(JSON.stringify(await t.db.query('select * from mail_outbox'))).not.toContain(key);
    } finally {
      await t.close();
    }
  });

  it('under prod, the log prints no link either', async () => {
    const server = await childServer('prod_log', { PROFILES: 'prod', LOG_LEVEL: 'info' });
    try {
      await server.start();
      const response = await fetch(`${server.base}/api/account/reset-password/init`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'agentca@banque.sn',
      });
      expect(response.status).toBe(200);
      const deadline = Date.now() + 10_000;
      while (!server.output().includes('mail kept in the outbox') && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      const line = server
        .output()
        .split('\n')
        .find((l) => l.includes('mail kept in the outbox'))!;
      expect(JSON.parse(line).text).toContain(`/reset/finish/${MASK}`);
      expect(server.output()).not.toMatch(/\/reset\/finish\/[A-Za-z0-9_-]{20,}/);
    } finally {
      await server.cleanup();
    }
  }, 180_000);
});
