// Starts the server: config from the environment, database opened and migrated, demo data when
// empty (a new database prepared by a child process, prepareInChildProcess), then listen. SIGTERM/
// SIGINT report DOWN to load balancers for SHUTDOWN_DRAIN_SECONDS while still serving, then stop
// accepting, finish requests in flight and close the database.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { type Config, loadConfig, ownerDatabaseUrl } from './config';
import { type Database, openDatabase, openPostgres } from './db/database';
import { migrate } from './db/migrate';
import { PRIVATE_UMASK, makePrivate } from './db/private-files';
import { checkProductionKeys, loadServerKeys } from './security/server-keys';
import { isEmpty, seedDemo } from './seed/demo';
import { buildApp } from './app';
import { booksOpened, openBooks } from './ledger/open-books';

/** The argument that makes this file the preparing child: it creates, migrates and seeds, then exits. */
const PREPARE = '--prepare-database';

interface Prepared {
  applied: string[];
  seeded: boolean;
}

/** What the preparing child does: migrations, then the demo data when the database is empty and SEED=demo. */
async function prepare(config: Config): Promise<Prepared> {
  const db = await openDatabase({ ...config, databaseUrl: ownerDatabaseUrl(config) });
  try {
    const applied = await migrate(db);
    return { applied, seeded: config.seed === 'demo' && (await seedDemo(db)) };
  } finally {
    await db.close();
  }
}

/**
 * Prepares the database in a child process: creating an embedded database (PostgreSQL's initdb in
 * PGlite's WebAssembly memory) and writing the demo data (rows, COPY buffers, the accounts' argon2
 * hashes) take 150 MB of memory or more that the server would otherwise hold all its life, as neither
 * WebAssembly nor the C allocator gives it back: 409 MB of RSS after a first start in process, 250
 * after a restart (docs/performance.md). The embedded database's lock is the child's meanwhile.
 */
async function prepareInChildProcess(): Promise<Prepared> {
  // Without the watch mode of `npm run dev`, under which the child would wait for changes, not exit.
  const execArgv = process.execArgv.filter((arg) => !arg.startsWith('--watch'));
  const child = fork(process.argv[1]!, [PREPARE], { stdio: 'inherit', execArgv });
  let prepared: Prepared = { applied: [], seeded: false };
  child.on('message', (message) => (prepared = message as Prepared));
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`the database could not be prepared (the child process exited with ${code})`);
  return prepared;
}

/**
 * V8 settings for a server that holds the embedded database too (docs/performance.md, "The embedded
 * server's memory"), set before the server allocates or compiles PGlite:
 * - at a few thousand calls a second the objects of calls in flight outlive two young collections, and
 *   V8 let that garbage grow its old space to 3 times what was alive before collecting it (RSS 366-453
 *   MB against a budget of 350); growing the heap by at most 20 % over what a full collection left
 *   keeps the peak near 290 MB at the same throughput (V8 reads the factor at each collection);
 * - PGlite's WebAssembly compiled once by the optimising compiler, not first by the baseline one whose
 *   code it then also kept: 26 MB less and no slower, for about 1 s more at start.
 */
const EMBEDDED_V8_FLAGS = ['--heap-growing-percent=20', '--no-liftoff'];

/**
 * Migrations on `db` (a single role), or as the schema's owner (MIGRATION_DATABASE_URL), which then grants
 * the server's own role what it needs (migrate.ts).
 */
async function migrateAsOwner(config: Config, db: Database): Promise<string[]> {
  if (!config.migrationDatabaseUrl || !config.databaseUrl) return migrate(db);
  const [{ role }] = (await db.query<{ role: string }>('select current_user as role')) as [{ role: string }];
  const owner = await openPostgres(config.migrationDatabaseUrl, 1);
  try {
    return await migrate(owner, { runtimeRole: role });
  } finally {
    await owner.close();
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  // Before anything is opened: a server without its keys under prod creates nothing.
  checkProductionKeys(config);
  // Whatever the server creates (keys file, DATA_DIR's folders) is its user's alone.
  process.umask(PRIVATE_UMASK);
  if (process.argv.includes(PREPARE)) {
    process.send!(await prepare(config));
    process.disconnect(); // the IPC channel would keep the child alive
    return;
  }
  const embedded = !config.databaseUrl;
  if (embedded) for (const flag of EMBEDDED_V8_FLAGS) v8.setFlagsFromString(flag);
  // Files an older release left open to every user of the machine (this one tightens them as it closes).
  const tightened = embedded && fs.existsSync(config.dataDir) ? makePrivate(config.dataDir) : 0;
  // A new embedded database is created by the child; an empty one (PostgreSQL's) is filled by it.
  const newEmbedded = embedded && !fs.existsSync(path.join(config.dataDir, 'PG_VERSION'));
  const prepared = newEmbedded ? await prepareInChildProcess() : { applied: [], seeded: false };
  let db = await openDatabase(config);
  const applied = [...prepared.applied, ...(await migrateAsOwner(config, db))];
  let seeded = prepared.seeded;
  if (config.seed === 'demo' && (await isEmpty(db))) {
    await db.close();
    seeded = (await prepareInChildProcess()).seeded;
    db = await openDatabase(config);
  }
  // A database that held accounts before the ledger existed has its books opened once, over what it holds.
  if (!(await booksOpened(db))) await openBooks(db);
  const { keys, file, movedOut } = await loadServerKeys(config, db);
  const app = await buildApp({ config, db, keys });
  if (tightened > 0)
    app.log.warn({ dataDir: config.dataDir, tightened }, 'DATA_DIR was open to other users: now 0700, files 0600');
  if (movedOut.length > 0) app.log.warn({ movedOut, file }, 'keys moved out of the database (app_setting)');
  if (file) app.log.info({ file }, 'development keys file (set JWT_SECRET and MFA_ENCRYPTION_KEY in production)');
  if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
  if (seeded) app.log.info('demo data created');
  await app.listen({ port: config.port, host: config.host });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal, drainSeconds: config.shutdownDrainSeconds }, 'shutting down');
    app.draining = true;
    const drainMs = config.shutdownDrainSeconds * 1000;
    const force = setTimeout(() => process.exit(1), drainMs + 15_000);
    force.unref();
    // Closing at once would cut keep-alive connections a balancer is about to send a request on.
    setTimeout(() => {
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    }, drainMs);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error('Startup failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
