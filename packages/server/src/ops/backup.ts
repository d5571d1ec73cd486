// Backup and restore of the configured database (docs/backups.md). PostgreSQL: pg_dump's custom
// format, restored by pg_restore into psql in one transaction, so that a failed restore leaves the
// database as it was. Embedded PGlite: its own dumpDataDir tarball of the data directory, restored
// by loading it into a fresh directory and then swapping the files.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config';
import { createPglite } from '../db/database';
import { LOCK_FILE, lockDataDir } from '../db/data-dir-lock';

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

type Target = Pick<Config, 'dataDir' | 'databaseUrl'>;

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

const secondsSince = (started: number) => (performance.now() - started) / 1000;

/** While a long step runs, a line every few seconds with how far it got. */
function ticker(progress: (line: string) => void, what: () => string): () => void {
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
  const started = performance.now();
  let content: Content;
  try {
    content = target.databaseUrl
      ? await dumpPostgres(target.databaseUrl, partial, progress)
      : await dumpPglite(target.dataDir, partial, progress);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
  fs.renameSync(partial, destination);
  const bytes = fs.statSync(destination).size;
  const seconds = secondsSince(started);
  progress(`Backup written to ${destination}: ${formatBytes(bytes)} in ${seconds.toFixed(1)} s.`);
  return { file: destination, bytes, seconds, ...content };
}

async function dumpPglite(dataDir: string, partial: string, progress: (line: string) => void): Promise<Content> {
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION')))
    throw new OperatorError(`${dataDir} holds no embedded database: nothing to back up. Is DATA_DIR right?`, 2);
  // The lock refuses while the server runs: a copy taken beside a live PGlite could be torn.
  const unlock = lockDataDir(dataDir);
  try {
    const db = await createPglite(dataDir);
    try {
      const content = await pgliteContent(db);
      progress(`Backing up the embedded database in ${dataDir} (${describeContent(content)})…`);
      const tarball = await db.dumpDataDir('gzip');
      const handle = await fsp.open(partial, 'w');
      try {
        for await (const chunk of tarball.stream()) await handle.write(chunk);
        await handle.sync();
      } finally {
        await handle.close();
      }
      return content;
    } finally {
      await db.close();
    }
  } finally {
    unlock();
  }
}

const pgliteContent = (db: PGlite) => contentOf(async (sql) => (await db.query<Record<string, unknown>>(sql)).rows);

/** libpq arguments for a DATABASE_URL: the password travels in the environment, never on a command line. */
function libpq(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv; label: string } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  const label = `PostgreSQL database ${decodeURIComponent(url.pathname.slice(1)) || '(default)'} on ${url.host}`;
  return { url: url.toString(), env, label };
}

async function postgresContent(databaseUrl: string): Promise<Content & { otherSessions: string[] }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(`Cannot connect to the database of DATABASE_URL: ${(error as Error).message}`);
  }
  try {
    const content = await contentOf(async (sql) => (await client.query(sql)).rows);
    const { rows } = await client.query<{ who: string }>(
      `select coalesce(nullif(application_name, ''), 'a client') || ' from ' || coalesce(client_addr::text, 'this host')
              || ' (process ' || pid || ')' as who
         from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    return { ...content, otherSessions: rows.map((r) => r.who) };
  } finally {
    await client.end();
  }
}

async function dumpPostgres(databaseUrl: string, partial: string, progress: (line: string) => void): Promise<Content> {
  const { url, env, label } = libpq(databaseUrl);
  const content = await postgresContent(databaseUrl);
  progress(`Backing up the ${label} (${describeContent(content)}) with ${await toolVersion('pg_dump')}…`);
  const stop = ticker(progress, () => `${formatBytes(fs.existsSync(partial) ? fs.statSync(partial).size : 0)} written`);
  try {
    // A consistent snapshot while the server keeps running: pg_dump reads in one repeatable-read transaction.
    await run('pg_dump', ['--format=custom', '--no-password', `--file=${partial}`, `--dbname=${url}`], env);
  } finally {
    stop();
  }
  return content;
}

// ---------------------------------------------------------------------------------------------------------------
// Restore

const PG_DUMP_MAGIC = 'PGDMP';
const GZIP_MAGIC = '\x1f\x8b';

async function kindOf(file: string): Promise<'postgres' | 'pglite'> {
  if (!fs.existsSync(file)) throw new OperatorError(`${file} does not exist.`, 2);
  const handle = await fsp.open(file, 'r');
  const head = Buffer.alloc(5);
  try {
    await handle.read(head, 0, 5, 0);
  } finally {
    await handle.close();
  }
  if (head.toString('latin1') === PG_DUMP_MAGIC) return 'postgres';
  if (head.subarray(0, 2).toString('latin1') === GZIP_MAGIC) return 'pglite';
  throw new OperatorError(`${file} is not a backup made by npm run backup.`, 2);
}

export async function restore(target: Target, file: string, options: Options = {}): Promise<Outcome> {
  const progress = options.progress ?? (() => {});
  const source = path.resolve(file);
  const kind = await kindOf(source);
  if (kind === 'postgres' && !target.databaseUrl)
    throw new OperatorError(
      `${source} is a PostgreSQL backup (pg_dump), and DATABASE_URL is not set: the embedded database cannot ` +
        `load it. Set DATABASE_URL to the PostgreSQL database to restore into.`,
      2,
    );
  if (kind === 'pglite' && target.databaseUrl)
    throw new OperatorError(
      `${source} is a backup of the embedded database (PGlite), and DATABASE_URL is set: PostgreSQL cannot load ` +
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
  return { file: source, bytes, seconds, ...content };
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
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
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

function start(command: string, args: string[], env: NodeJS.ProcessEnv, stdin: 'pipe' | 'ignore') {
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

async function toolVersion(command: string): Promise<string> {
  return (await run(command, ['--version'], process.env)).trim();
}
