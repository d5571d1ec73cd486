// Restore drill (docs/backups.md), on the embedded database in a DATA_DIR of its own, or on a PostgreSQL
// database of its own when DATABASE_URL is set: demo data, an encrypted backup (BACKUP_KEY), more writes,
// refused restore, restore --force, and every table and sequence is back as it was at backup time,
// append-only guards included; what a backup leaves out (sessions, mail, keys) is in neither the file
// nor the restored database, and the file is its owner's alone.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, openPglite, type Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { quote } from '../src/db/schema';
import { seedDemo } from '../src/seed/demo';
import { backup, LEFT_OUT, OperatorError, restore } from '../src/ops/backup';
import { decryptFile } from '../src/ops/backup-crypto';
import { verifyEvidence } from '../src/evidence/verify';
import { loadConfig } from '../src/config';
import { loadServerKeys } from '../src/security/server-keys';
import { pgliteTemplate, postgresTemplate } from './templates';

const adminUrl = process.env.DATABASE_URL;
const root = path.resolve(import.meta.dirname, '../../..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-backup-'));
const dbName = `bank_backup_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
const backupKey = crypto.randomBytes(32).toString('base64');
const target = { dataDir: path.join(work, 'data'), databaseUrl: undefined as string | undefined, backupKey };
/** Secrets planted before the backup: none may be in it. */
const planted = {
  session: `session-${crypto.randomBytes(12).toString('hex')}`,
  mailKey: `mailkey${crypto.randomBytes(12).toString('hex')}`,
  oldJwt: crypto.randomBytes(64).toString('base64'),
  oldMfa: crypto.randomBytes(64).toString('base64'),
  prodJwt: crypto.randomBytes(48).toString('base64'),
};
const file = path.join(work, 'bank.backup');
/** The database as the demo seed left it, and its latest migration: what the backup holds. */
let atBackup: Record<string, string>;
let migration: string | undefined;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(sql);
  await client.end();
}

/** Every table's row count and md5 of its whole content (but what backups leave out), and every sequence's position. */
async function snapshot(db: Database): Promise<Record<string, string>> {
  const result: Record<string, string> = {};
  const tables = await db.query<{ name: string }>(
    `select tablename as name from pg_tables where schemaname = 'public' and tablename <> all($1) order by tablename`,
    [LEFT_OUT],
  );
  for (const { name } of tables) {
    const [row] = await db.query<{ n: number; md5: string | null }>(
      `select count(*)::int as n, md5(string_agg(t::text, e'\\n' order by t::text)) as md5 from ${quote(name)} t`,
    );
    result[name] = `${row!.n} rows, md5 ${row!.md5 ?? '-'}`;
  }
  const sequences = await db.query<{ name: string; last: number | null }>(
    `select sequencename as name, last_value as last from pg_sequences where schemaname = 'public'`,
  );
  for (const { name, last } of sequences) result[`sequence ${name}`] = String(last);
  return result;
}

async function withDatabase<T>(use: (db: Database) => Promise<T>): Promise<T> {
  const db = await openDatabase(target);
  try {
    return await use(db);
  } finally {
    await db.close();
  }
}

/** The CLI as an operator runs it, on this test's database. */
function cli(...args: string[]) {
  return spawnSync('node', ['--import', 'tsx', 'packages/server/src/ops/backup-cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: target.dataDir, DATABASE_URL: target.databaseUrl ?? '', BACKUP_KEY: backupKey },
    encoding: 'utf8',
  });
}

beforeAll(async () => {
  // The demo data from the run's template when there is one (templates.ts), else migrated and seeded here.
  let seeded = false;
  if (adminUrl) {
    const template = postgresTemplate('demo', adminUrl);
    await admin(`create database ${dbName}${template ? ` template ${template}` : ''}`);
    seeded = Boolean(template);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    target.databaseUrl = url.toString();
  } else {
    const tarball = await pgliteTemplate('demo');
    if (tarball) await (await openPglite(target.dataDir, tarball)).close();
    seeded = Boolean(tarball);
  }
  [atBackup, migration] = await withDatabase(async (db) => {
    const applied = await migrate(db);
    if (seeded) expect(applied).toEqual([]);
    else await seedDemo(db);
    // An open session, a mail with a live link (as an older release kept it), the keys an older release
    // kept in app_setting; then the server's start under prod, which takes its keys from the environment.
    await db.query(`insert into staff_session (id, user_id, login, method) values ($1, 1, 'admin', 'password')`, [
      planted.session,
    ]);
    await db.query(`insert into mail_outbox (to_address, subject, body_text) values ('a@b.sn', 'Reset', $1)`, [
      `http://127.0.0.1:8080/reset/finish/${planted.mailKey}`,
    ]);
    await db.query(`insert into app_setting (key, value) values ('jwt.secret', $1), ('mfa.key', $2)`, [
      planted.oldJwt,
      planted.oldMfa,
    ]);
    const prod = {
      ...loadConfig({}),
      profiles: ['prod'],
      jwtSecret: planted.prodJwt,
      mfaEncryptionKey: planted.oldMfa,
    };
    expect((await loadServerKeys(prod, db)).movedOut).toEqual(['jwt.secret', 'mfa.key']);
    return [await snapshot(db), await lastMigration(db)] as const;
  });
}, 180_000);

afterAll(async () => {
  if (adminUrl) await admin(`drop database if exists ${dbName} with (force)`);
  fs.rmSync(work, { recursive: true, force: true });
});

describe(`backup and restore drill (${adminUrl ? 'PostgreSQL' : 'embedded PGlite'})`, () => {
  it('restores the database as it was at backup time, refusing to overwrite it without --force or under a server', async () => {
    const made = await backup(target, file);
    expect(made.bytes).toBeGreaterThan(0);
    expect(made.lastMigration).toBe(migration);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    // Encrypted: nothing readable without the key, and a wrong key says so.
    const wrongKey = spawnSync('node', ['--import', 'tsx', 'packages/server/src/ops/backup-cli.ts', 'restore', file], {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: path.join(work, 'elsewhere'),
        DATABASE_URL: target.databaseUrl ?? '',
        BACKUP_KEY: crypto.randomBytes(32).toString('base64'),
      },
      encoding: 'utf8',
    });
    expect(wrongKey.status, wrongKey.stderr).toBe(2);
    expect(wrongKey.stderr).toMatch(/BACKUP_KEY does not open .*not the key the backup was made with/);
    const plain = path.join(work, 'plain');
    await decryptFile(file, plain, Buffer.from(backupKey, 'base64'));
    expect(secretsIn(readable(plain))).toEqual([]);

    const afterWrites = await withDatabase(async (db) => {
      await db.query(`insert into access_log (login, authorities, what, subject, subject_id)
                      values ('admin', 'ROLE_ADMIN', 'client', 'client', 1)`);
      await db.query(`update app_user set first_name = 'After backup' where login = 'admin'`);
      await db.query(`insert into schema_migration (name) values ('9999_after_backup.sql')`);
      return snapshot(db);
    });
    expect(afterWrites).not.toEqual(atBackup);

    const refused = cli('restore', file);
    expect(refused.status, refused.stderr).toBe(3);
    expect(refused.stderr).toMatch(/already holds .*--force/s);
    expect(await withDatabase(snapshot)).toEqual(afterWrites);

    await restore(target, file, { force: true });
    await withDatabase(async (db) => {
      expect(await snapshot(db)).toEqual(atBackup);
      expect(await migrate(db)).toEqual([]);
      for (const table of LEFT_OUT) expect(await db.query(`select * from ${table}`), table).toEqual([]);
      expect(await db.query(`select key from app_setting where key in ('jwt.secret', 'mfa.key')`)).toEqual([]);

      // While the server holds the database (this connection stands for it), nothing is touched.
      if (adminUrl) {
        // PostgreSQL backs up consistently under a running server; a restore under it is refused.
        const error = await restore(target, file, { force: true }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(OperatorError);
        expect((error as OperatorError).message).toMatch(/other connection.*Stop every server instance/s);
      } else {
        const second = path.join(work, 'second.backup');
        const refused = cli('backup', second);
        expect(refused.status, refused.stderr).toBe(3);
        expect(refused.stderr).toMatch(/in use by process \d+.*stop that process/s);
        expect(fs.existsSync(second)).toBe(false);
      }
      expect(await snapshot(db)).toEqual(atBackup);

      // Append-only still enforced by the restored database itself.
      await expect(db.query(`update balance_log set id = id`)).rejects.toThrow(/append-only/);
      await expect(db.query('delete from transfer_log')).rejects.toThrow(/append-only/);
      await expect(db.exec('truncate access_log')).rejects.toThrow(/append-only/);
      // And its evidence came back whole: every chain, every row in its batch, every batch linked.
      const evidence = await verifyEvidence(db);
      expect(evidence.chains.length).toBeGreaterThan(10);
      expect(evidence.chains.filter((chain) => !chain.intact)).toEqual([]);
      expect(evidence.intact).toBe(true);
    });
  }, 300_000);
});

/** The backup's content as text: PGlite's tarball unzipped (every page and WAL segment), pg_dump's as SQL. */
function readable(plain: string): Buffer {
  if (!adminUrl) return zlib.gunzipSync(fs.readFileSync(plain));
  const sql = spawnSync('pg_restore', ['--file=-', plain], { maxBuffer: 1024 ** 3 });
  expect(sql.status, sql.stderr?.toString()).toBe(0);
  return sql.stdout;
}

/** Which planted secrets a content holds. */
function secretsIn(content: Buffer): string[] {
  const text = content.toString('latin1');
  return Object.entries(planted)
    .filter(([, value]) => text.includes(value))
    .map(([name]) => name);
}

async function lastMigration(db: Database): Promise<string | undefined> {
  return (await db.query<{ name: string }>('select max(name) as name from schema_migration'))[0]!.name;
}
