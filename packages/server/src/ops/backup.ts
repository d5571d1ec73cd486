// Backup and restore of the configured database (docs/backups.md). PostgreSQL: pg_dump's custom
// format, restored by pg_restore into psql in one transaction, so that a failed restore leaves the
// database as it was. Embedded PGlite: its own dumpDataDir tarball of the data directory, restored
// by loading it into a fresh directory and then swapping the files. A backup is the owner's alone
// (0600), holds no session, mail or key (LEFT_OUT), and is encrypted when BACKUP_KEY is set.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config';
import { createPglite } from '../db/database';
import { LOCK_FILE, lockDataDir } from '../db/data-dir-lock';
import { KEYS_FILE } from '../security/server-keys';
import { ENCRYPTED_MAGIC, backupKeyOf, decryptFile, encrypt } from './backup-crypto';

/** A refusal or a mistake the operator can fix; `exitCode` 2: wrong input, 3: refused to protect data. */
export class OperatorError extends Error {
  constructor(
    message: string,
    readonly exitCode: 2 | 3,
  ) {
    super(message);
  }
}

export interface Options {
  /** backup: replace an existing file; restore: replace a database that holds data. */
  force?: boolean;
  /** Where the operator's progress lines go. */
  progress?: (line: string) => void;
}

export interface Outcome {
  file: string;
  bytes: number;
  seconds: number;
  /** The database's tables and latest migration after the operation. */
  tables: number;
  lastMigration: string | undefined;
}

/** `databaseUrl`: the schema owner's (ownerDatabaseUrl). `backupKey`: encrypt backups, open encrypted ones. */
type Target = Pick<Config, 'dataDir' | 'databaseUrl'> & { backupKey?: string | undefined };

/**
 * Tables whose rows no backup holds: open sessions and directory hand-off codes (a session id with the
 * signing key is a signed-in user), and the outbox's mail. A restored database starts with no session.
 */
export const LEFT_OUT = ['staff_session', 'oidc_handoff', 'mail_outbox'] as const;
/** Keys an older release kept in app_setting (moved out at the server's start, security/server-keys.ts). */
const KEY_SETTINGS = `key in ('jwt.secret', 'mfa.key')`;

/** Lists the database's own tables (not the system's) and its latest migration. */
const CONTENT_SQL = `
  select (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
             and n.nspname not like 'pg_toast%' and n.nspname not like 'pg_temp%') as tables,
         to_regclass('public.schema_migration') is not null as migrated`;
const LAST_MIGRATION_SQL = 'select max(name) as name from schema_migration';

interface Content {
  tables: number;
  lastMigration: string | undefined;
}

async function contentOf(query: (sql: string) => Promise<Record<string, unknown>[]>): Promise<Content> {
  const [row] = (await query(CONTENT_SQL)) as [{ tables: number; migrated: boolean }];
  const last = row.migrated ? ((await query(LAST_MIGRATION_SQL))[0]!.name as string | null) : null;
  return { tables: row.tables, lastMigration: last ?? undefined };
}

const describeContent = (c: Content) => `${c.tables} tables, last migration ${c.lastMigration ?? 'none'}`;

export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} kB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

export const secondsSince = (started: number) => (performance.now() - started) / 1000;

/** While a long step runs, a line every few seconds with how far it got. */
export function ticker(progress: (line: string) => void, what: () => string): () => void {
  const started = performance.now();
  const timer = setInterval(() => progress(`  … ${what()}, ${secondsSince(started).toFixed(0)} s`), 5000);
  return () => clearInterval(timer);
}

// ---------------------------------------------------------------------------------------------------------------
// Backup

export async function backup(target: Target, file: string, options: Options = {}): Promise<Outcome> {
  const progress = options.progress ?? (() => {});
  const destination = path.resolve(file);
  if (!fs.existsSync(path.dirname(destination)))
    throw new OperatorError(`The folder ${path.dirname(destination)} does not exist: create it first.`, 2);
  if (fs.existsSync(destination) && !options.force)
    throw new OperatorError(
      `${destination} already exists. Give each backup its own name (with the date, say) or add --force to replace it.`,
      3,
    );
  // Written under another name and renamed once complete: an interrupted backup never looks finished.
  const partial = `${destination}.partial`;
  const key = target.backupKey ? backupKeyOf(target.backupKey) : undefined;
  const sink = () =>
    key
      ? encrypt(key)
      : async function* (plain: AsyncIterable<Buffer>) {
          yield* plain;
        };
  const started = performance.now();
  let content: Content;
  try {
    // Created 0600 before a byte is written: a backup holds every customer's data.
    fs.writeFileSync(partial, '', { mode: 0o600 });
    fs.chmodSync(partial, 0o600);
    const write = (plain: Readable) => pipeline(plain, sink(), fs.createWriteStream(partial, { flags: 'r+' }));
    content = target.databaseUrl
      ? await dumpPostgres(target.databaseUrl, write, progress)
      : await dumpPglite(target.dataDir, write, progress);
    const handle = await fsp.open(partial, 'r');
    await handle.sync();
    await handle.close();
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
  fs.renameSync(partial, destination);
  if (key) progress('The backup is encrypted (AES-256-GCM, BACKUP_KEY): keep the key apart from it.');
  const bytes = fs.statSync(destination).size;
  const seconds = secondsSince(started);
  progress(`Backup written to ${destination}: ${formatBytes(bytes)} in ${seconds.toFixed(1)} s.`);
  return { file: destination, bytes, seconds, ...content };
}

type Write = (plain: Readable) => Promise<void>;

async function dumpPglite(dataDir: string, write: Write, progress: (line: string) => void): Promise<Content> {
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION')))
    throw new OperatorError(`${dataDir} holds no embedded database: nothing to back up. Is DATA_DIR right?`, 2);
  // The lock refuses while the server runs: a copy taken beside a live PGlite could be torn.
  const unlock = lockDataDir(dataDir);
  try {
    const db = await createPglite(dataDir);
    let live: Blob;
    let content: Content;
    try {
      content = await pgliteContent(db);
      progress(`Backing up the embedded database in ${dataDir} (${describeContent(content)})…`);
      live = await db.dumpDataDir('none');
    } finally {
      await db.close();
    }
    // What is left out goes from a copy in memory, rewritten (VACUUM FULL) so that no page keeps it; and the
    // write-ahead log that recorded it goes too: the copy moves to a new segment and checkpoints, and the
    // tarball keeps that segment alone, zeroed past the checkpoint (as PostgreSQL zero-fills a new one).
    const copy = await createPglite(undefined, live);
    let tar: Buffer;
    let wal: { file_name: string; file_offset: number };
    try {
      // One statement a call: VACUUM refuses to run in the transaction a script is.
      for (const table of LEFT_OUT) await copy.exec(`delete from ${table}`);
      await copy.exec(`delete from app_setting where ${KEY_SETTINGS}`);
      for (const table of [...LEFT_OUT, 'app_setting']) await copy.exec(`vacuum full ${table}`);
      await copy.query('select pg_switch_wal()');
      await copy.exec('checkpoint');
      tar = Buffer.from(await (await copy.dumpDataDir('none')).arrayBuffer());
      [wal] = (await copy.query<typeof wal>(`select * from pg_walfile_name_offset(pg_current_wal_insert_lsn())`))
        .rows as [typeof wal];
    } finally {
      await copy.close();
    }
    const kept = rewriteTar(tar, (name, data) => {
      if (name === LOCK_FILE || isKeysFile(name)) return undefined;
      if (!/^pg_wal\/[0-9A-F]{24}$/.test(name)) return data;
      if (name !== `pg_wal/${wal.file_name}`) return undefined;
      const segment = Buffer.from(data);
      segment.fill(0, wal.file_offset);
      return segment;
    });
    await write(Readable.from([kept]).pipe(zlib.createGzip()));
    return content;
  } finally {
    unlock();
  }
}

/** The development keys files of DATA_DIR (security/server-keys.ts): never in a backup. */
const isKeysFile = (name: string) => name === KEYS_FILE || /^keys-.*\.json$/.test(name);

/**
 * A tar archive (512-byte headers, data padded to 512) with each file's data as `change` returns it for
 * the file's path: undefined drops the file, same-sized data replaces it.
 */
function rewriteTar(tar: Buffer, change: (name: string, data: Buffer) => Buffer | undefined): Buffer {
  const kept: Buffer[] = [];
  for (let at = 0; at + 512 <= tar.length;) {
    const header = tar.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) break;
    const field = (from: number, to: number) => header.subarray(from, to).toString('latin1').replace(/\0.*$/s, '');
    const name = field(0, 100).replace(/^\.?\//, '');
    const size = parseInt(field(124, 136).trim() || '0', 8);
    const end = at + 512 + Math.ceil(size / 512) * 512;
    const data = change(name, tar.subarray(at + 512, at + 512 + size));
    if (data) kept.push(header, data, tar.subarray(at + 512 + size, end));
    at = end;
  }
  return Buffer.concat([...kept, Buffer.alloc(1024)]);
}

const pgliteContent = (db: PGlite) => contentOf(async (sql) => (await db.query<Record<string, unknown>>(sql)).rows);

/** libpq arguments for a DATABASE_URL: the password travels in the environment, never on a command line. */
export function libpq(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv; label: string } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  const label = `PostgreSQL database ${decodeURIComponent(url.pathname.slice(1)) || '(default)'} on ${url.host}`;
  return { url: url.toString(), env, label };
}

/** A client connected to `databaseUrl`, or an error an operator can act on. */
export async function connectTo(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`Cannot connect to the database of DATABASE_URL: ${(error as Error).message}`);
  }
  return client;
}

async function postgresContent(
  databaseUrl: string,
): Promise<Content & { otherSessions: string[]; keysInside: boolean }> {
  const client = await connectTo(databaseUrl);
  try {
    const content = await contentOf(async (sql) => (await client.query(sql)).rows);
    const { rows } = await client.query<{ who: string }>(
      `select coalesce(nullif(application_name, ''), 'a client') || ' from ' || coalesce(client_addr::text, 'this host')
              || ' (process ' || pid || ')' as who
         from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    const settings = (await client.query(`select to_regclass('public.app_setting') is not null as present`)).rows[0];
    const keysInside =
      settings.present && (await client.query(`select 1 from app_setting where ${KEY_SETTINGS}`)).rows.length > 0;
    return { ...content, otherSessions: rows.map((r) => r.who), keysInside };
  } finally {
    await client.end();
  }
}

async function dumpPostgres(databaseUrl: string, write: Write, progress: (line: string) => void): Promise<Content> {
  const { url, env, label } = libpq(databaseUrl);
  const content = await postgresContent(databaseUrl);
  if (content.keysInside)
    throw new OperatorError(
      `The ${label} still holds the server's keys in app_setting (an older release kept them there): start the ` +
        `server of this release once, which moves them out, then back up. No backup was written.`,
      3,
    );
  progress(`Backing up the ${label} (${describeContent(content)}) with ${await toolVersion('pg_dump')}…`);
  let written = 0;
  const stop = ticker(progress, () => `${formatBytes(written)} written`);
  try {
    // A consistent snapshot while the server keeps running: pg_dump reads in one repeatable-read transaction.
    const left = LEFT_OUT.map((table) => `--exclude-table-data=${table}`);
    const dump = start('pg_dump', ['--format=custom', '--no-password', ...left, `--dbname=${url}`], env, 'ignore');
    dump.child.stdout!.on('data', (chunk: Buffer) => (written += chunk.length));
    await Promise.all([write(dump.child.stdout!), dump.done]);
  } finally {
    stop();
  }
  return content;
}

// ---------------------------------------------------------------------------------------------------------------
// Restore

const PG_DUMP_MAGIC = 'PGDMP';
const GZIP_MAGIC = '\x1f\x8b';

async function kindOf(file: string): Promise<'postgres' | 'pglite' | 'encrypted'> {
  if (!fs.existsSync(file)) throw new OperatorError(`${file} does not exist.`, 2);
  const handle = await fsp.open(file, 'r');
  const head = Buffer.alloc(ENCRYPTED_MAGIC.length);
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  if (head.toString('latin1') === ENCRYPTED_MAGIC) return 'encrypted';
  if (head.subarray(0, 5).toString('latin1') === PG_DUMP_MAGIC) return 'postgres';
  if (head.subarray(0, 2).toString('latin1') === GZIP_MAGIC) return 'pglite';
  throw new OperatorError(`${file} is not a backup made by npm run backup.`, 2);
}

export async function restore(target: Target, file: string, options: Options = {}): Promise<Outcome> {
  const source = path.resolve(file);
  if ((await kindOf(source)) !== 'encrypted') return restorePlain(target, source, source, options);
  if (!target.backupKey)
    throw new OperatorError(`${source} is encrypted: set BACKUP_KEY to the key it was made with.`, 2);
  // Opened into a folder of this user's alone, used only once its tag proved key and content right.
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-restore-'));
  try {
    const plain = path.join(scratch, 'backup');
    try {
      await decryptFile(source, plain, backupKeyOf(target.backupKey));
    } catch (error) {
      throw new OperatorError((error as Error).message, 2);
    }
    (options.progress ?? (() => {}))(`Decrypted ${source} (BACKUP_KEY).`);
    return await restorePlain(target, plain, source, options);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/** `source`: the plain backup to read; `named`: the file the operator gave, which every message names. */
async function restorePlain(target: Target, source: string, named: string, options: Options): Promise<Outcome> {
  const progress = (line: string) => options.progress?.(line.split(source).join(named));
  const kind = await kindOf(source);
  if (kind === 'encrypted')
    throw new OperatorError(`${named} is encrypted twice: not a backup made by npm run backup.`, 2);
  if (kind === 'postgres' && !target.databaseUrl)
    throw new OperatorError(
      `${named} is a PostgreSQL backup (pg_dump), and DATABASE_URL is not set: the embedded database cannot ` +
        `load it. Set DATABASE_URL to the PostgreSQL database to restore into.`,
      2,
    );
  if (kind === 'pglite' && target.databaseUrl)
    throw new OperatorError(
      `${named} is a backup of the embedded database (PGlite), and DATABASE_URL is set: PostgreSQL cannot load ` +
        `it. Unset DATABASE_URL and set DATA_DIR to restore it as an embedded database.`,
      2,
    );
  const bytes = fs.statSync(source).size;
  const started = performance.now();
  const content = target.databaseUrl
    ? await restorePostgres(target.databaseUrl, source, bytes, options.force ?? false, progress)
    : await restorePglite(target.dataDir, source, bytes, options.force ?? false, progress);
  const seconds = secondsSince(started);
  progress(`Restored ${source} in ${seconds.toFixed(1)} s: ${describeContent(content)}.`);
  return { file: named, bytes, seconds, ...content };
}

const refuseNonEmpty = (where: string, what: string) =>
  new OperatorError(
    `${where} already holds ${what}. A restore replaces all of it with the backup's content: ` +
      `run again with --force if that is what you want (take a backup of it first if in doubt).`,
    3,
  );

/** What an embedded data directory holds, in words; undefined when nothing worth keeping. */
async function pgliteHolds(dir: string): Promise<string | undefined> {
  const present = fs.readdirSync(dir).filter((name) => name !== LOCK_FILE);
  if (present.length === 0) return undefined;
  if (!present.includes('PG_VERSION')) return `files (${present.slice(0, 3).join(', ')})`;
  let db: PGlite;
  try {
    db = await createPglite(dir);
  } catch (error) {
    return `a database that cannot be opened (${(error as Error).message})`;
  }
  try {
    const content = await pgliteContent(db);
    return content.tables > 0 ? `a database (${describeContent(content)})` : undefined;
  } finally {
    await db.close();
  }
}

async function restorePglite(
  dataDir: string,
  source: string,
  bytes: number,
  force: boolean,
  progress: (line: string) => void,
): Promise<Content> {
  const dir = path.resolve(dataDir);
  const unlock = lockDataDir(dir);
  // Loaded beside the live files and swapped in only once it opened: a bad tarball changes nothing.
  const staging = path.join(dir, '.restore');
  try {
    fs.rmSync(staging, { recursive: true, force: true });
    const holds = force ? undefined : await pgliteHolds(dir);
    if (holds) throw refuseNonEmpty(`The embedded database directory ${dir}`, holds);
    progress(`Restoring ${source} (${formatBytes(bytes)}) into the embedded database in ${dir}…`);
    const db = await createPglite(staging, await fs.openAsBlob(source));
    let content: Content;
    try {
      content = await pgliteContent(db);
    } finally {
      await db.close();
    }
    for (const name of fs.readdirSync(dir))
      if (name !== LOCK_FILE && name !== '.restore') fs.rmSync(path.join(dir, name), { recursive: true });
    // The backup's own lock file is a stale one of the process that took it.
    for (const name of fs.readdirSync(staging))
      if (name !== LOCK_FILE) fs.renameSync(path.join(staging, name), path.join(dir, name));
    return content;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    unlock();
  }
}

/**
 * Empties the database by dropping the public schema (TRUNCATE and DELETE are refused by the append-only
 * triggers, and tables a newer migration added must go too) and recreating it with its owner and grants.
 */
const EMPTY_PUBLIC_SCHEMA = `
do $$
declare
  owner text;
  acl aclitem[];
  owner_oid oid;
  granted record;
begin
  select nspowner::regrole::text, nspacl, nspowner into owner, acl, owner_oid from pg_namespace where nspname = 'public';
  drop schema public cascade;
  execute format('create schema public authorization %s', owner);
  for granted in select grantee, privilege_type from aclexplode(acl) where grantee <> owner_oid loop
    execute format('grant %s on schema public to %s', granted.privilege_type,
                   case when granted.grantee = 0 then 'public' else granted.grantee::regrole::text end);
  end loop;
end $$;
`;

async function restorePostgres(
  databaseUrl: string,
  source: string,
  bytes: number,
  force: boolean,
  progress: (line: string) => void,
): Promise<Content> {
  const { url, env, label } = libpq(databaseUrl);
  const existing = await waitForOtherSessions(databaseUrl);
  if (existing.otherSessions.length > 0)
    throw new OperatorError(
      `The ${label} has ${existing.otherSessions.length} other connection(s): ${existing.otherSessions.join(', ')}. ` +
        `Stop every server instance (and anything else connected to this database) before restoring.`,
      3,
    );
  if (existing.tables > 0 && !force) throw refuseNonEmpty(`The ${label}`, `data (${describeContent(existing)})`);
  progress(
    `Restoring ${source} (${formatBytes(bytes)}) into the ${label}` +
      `${existing.tables > 0 ? `, replacing its ${describeContent(existing)}` : ''}, with ${await toolVersion('pg_restore')}…`,
  );
  let applied = 0;
  const stop = ticker(progress, () => `${formatBytes(applied)} of SQL sent (indexes and keys are built at the end)`);
  try {
    await pipeRestore(source, url, env, existing.tables > 0 ? EMPTY_PUBLIC_SCHEMA : '', (n) => (applied += n));
  } finally {
    stop();
  }
  progress('Updating the planner statistics (ANALYZE)…');
  const client = await connectTo(databaseUrl);
  try {
    await client.query('analyze');
    return await contentOf(async (sql) => (await client.query(sql)).rows);
  } finally {
    await client.end();
  }
}

/** Sessions that just closed (the caller's own pool, say) take a moment to leave pg_stat_activity. */
async function waitForOtherSessions(databaseUrl: string) {
  for (let attempt = 0; ; attempt++) {
    const found = await postgresContent(databaseUrl);
    if (found.otherSessions.length === 0 || attempt === 10) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * pg_restore turns the archive into SQL, psql applies it between our own BEGIN and COMMIT: the COMMIT is
 * sent only once pg_restore finished well, so any failure on the way leaves the database as it was.
 */
function pipeRestore(
  source: string,
  url: string,
  env: NodeJS.ProcessEnv,
  preamble: string,
  onBytes: (n: number) => void,
): Promise<void> {
  const psql = start('psql', ['-X', '-q', '--no-password', '-v', 'ON_ERROR_STOP=1', `--dbname=${url}`], env, 'pipe');
  // --no-owner: the tables belong to the user the server connects as, whoever owned them in the backup.
  const restoreTool = start('pg_restore', ['--no-owner', '--file=-', source], env, 'ignore');
  psql.child.stdin!.write(`begin;\n${preamble}\n`);
  restoreTool.child.stdout!.on('data', (chunk: Buffer) => onBytes(chunk.length));
  restoreTool.child.stdout!.pipe(psql.child.stdin!, { end: false });
  // psql stops at the first error; pg_restore then writes into a closed pipe, which is not the error to report.
  psql.child.stdin!.on('error', () => {});
  restoreTool.done.then(
    () => psql.child.stdin!.end('commit;\n'),
    () => psql.child.stdin!.end(),
  );
  return Promise.all([psql.done, restoreTool.done]).then(
    () => undefined,
    async (error: unknown) => {
      // Both have ended before the cause is told: psql's own error says more than pg_restore's broken pipe.
      const [psqlOutcome, restoreOutcome] = await Promise.allSettled([psql.done, restoreTool.done]);
      const cause =
        psqlOutcome.status === 'rejected'
          ? psqlOutcome.reason
          : restoreOutcome.status === 'rejected'
            ? restoreOutcome.reason
            : error;
      throw new Error(`The restore failed and was rolled back: the database is as it was. ${(cause as Error).message}`);
    },
  );
}

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL's client tools

export function start(command: string, args: string[], env: NodeJS.ProcessEnv, stdin: 'pipe' | 'ignore') {
  const child = spawn(command, args, { env, stdio: [stdin, 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `${command} was not found. Install PostgreSQL's client tools, the server's major version or newer ` +
                `(Debian: apt-get install postgresql-client).`,
            )
          : error,
      ),
    );
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} failed (${signal ?? `exit code ${code}`}): ${stderr.trim() || 'no message'}`));
    });
  });
  return { child, done };
}

/** Runs a tool to its end and returns what it printed. */
async function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const { child, done } = start(command, args, env, 'ignore');
  let stdout = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  await done;
  return stdout;
}

export async function toolVersion(command: string): Promise<string> {
  return (await run(command, ['--version'], process.env)).trim();
}
