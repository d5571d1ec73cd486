// The database seam: one small interface over embedded PGlite and a PostgreSQL server (pg pool).
// Everything above it writes plain parameterised SQL; nothing above it knows which one runs.
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { lockDataDir } from './data-dir-lock';
import { makePrivate } from './private-files';
import { namedStatements } from './pglite-statements';
import { isDatabaseUnavailable } from './unavailable';

export interface QueryOptions {
  /**
   * Planned for its values each time rather than once for any (PostgreSQL keeps a generic plan of a
   * named statement after five runs): for a statement whose best plan depends on them, a text search
   * ("gueye": 3 ms planned for the text, 21 ms with the generic plan at bank scale).
   */
  planEachTime?: boolean;
}

export interface Queryable {
  query<R = Record<string, unknown>>(text: string, params?: readonly unknown[], options?: QueryOptions): Promise<R[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
  /**
   * PostgreSQL only (bulk loads): runs `copy … from stdin` with `data` in COPY text format. In a
   * transaction the statement is queued at once, before any query made after the call; on the pool
   * each COPY takes a connection of its own, so several load in parallel.
   */
  copyFrom?(sql: string, data: string): Promise<void>;
}

export interface PoolStats {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Connection pool figures for management/metrics; absent for the embedded database (no pool). */
  stats?(): PoolStats;
  /**
   * PostgreSQL only: a pool of `max` connections of its own to the same database, with these server
   * parameters (e.g. the access log's asynchronous commit); closed by its own `close`.
   */
  openSibling?(max: number, settings: Record<string, string>): Promise<Database>;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Statements are prepared by name, once per connection, so PostgreSQL parses each text once and may
 * keep its plan; texts beyond this many go unnamed (a bound on what each connection holds).
 */
const MAX_NAMED_STATEMENTS = 2000;

/** Whether a statement runs named: one with values, unless it must be planned for them each time. */
const runsNamed = (params: readonly unknown[] | undefined, options?: QueryOptions) =>
  params !== undefined && params.length > 0 && !options?.planEachTime;

function statementNames() {
  const names = new Map<string, string>();
  return (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < MAX_NAMED_STATEMENTS) names.set(text, (name = `s${names.size + 1}`));
    return name;
  };
}

// Same value types on both drivers: bigint ids as numbers (they stay far below 2^53),
// numeric as exact strings, timestamps as Date.
const INT8 = 20;
const NUMERIC = 1700;

/** How often the embedded database looks for tables to vacuum and analyze (autovacuum's naptime). */
const MAINTENANCE_EVERY_MS = 60_000;

/**
 * What autovacuum would do now, with its default thresholds: ANALYZE a table once 50 rows + 10 % of
 * it changed since its last statistics, VACUUM it too once 50 rows + 20 % of it are dead. PGlite is a
 * single backend without autovacuum's workers, so without this the planner keeps the statistics of
 * the day the data was loaded. Returns the statements run.
 */
export async function maintainPglite(db: PGlite): Promise<string[]> {
  // Statistics reach pg_stat_user_tables when a backend goes idle; a single busy one may not have yet.
  await db.query('select pg_stat_force_next_flush()');
  const { rows } = await db.query<{ sql: string }>(
    `select case when n_dead_tup > 50 + 0.2 * n_live_tup then 'vacuum (analyze) ' else 'analyze ' end
              || quote_ident(schemaname) || '.' || quote_ident(relname) as sql
       from pg_stat_user_tables
      where n_mod_since_analyze > 50 + 0.1 * n_live_tup or n_dead_tup > 50 + 0.2 * n_live_tup`,
  );
  for (const { sql } of rows) await db.exec(sql);
  return rows.map((row) => row.sql);
}

/**
 * PGlite's buffer cache, inside its WebAssembly memory. PostgreSQL's default, 128MB, is most of what the
 * embedded server holds (233 MB of RSS to open PGlite, 130 with 32MB, 2026-11-27), and it caches pages the
 * operating system caches too: the data directory is a folder of ordinary files.
 */
const PGLITE_SHARED_BUFFERS = '32MB';

/**
 * A bare PGlite with the extensions and value parsers of every opener, without the data directory's
 * lock (the caller holds it: backups). `loadDataDir`: a dumpDataDir tarball to start from (restores).
 */
export async function createPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<PGlite> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const db = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    extensions: { pg_trgm, unaccent },
    parsers: { [INT8]: (v: string) => Number(v), [NUMERIC]: (v: string) => v },
  });
  if (dataDir) makePrivate(dataDir);
  return db;
}

/** `loadDataDir`: a dumpDataDir tarball to start from instead of an empty database (the test templates). */
export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  let db: PGlite;
  try {
    db = await createPglite(dataDir, loadDataDir);
  } catch (error) {
    unlock();
    throw error;
  }
  // A failed round (the database closing, say) is retried at the next one. The files PGlite made since
  // the last round (write-ahead log segments, rewritten tables) are made private too.
  const maintenance = setInterval(() => {
    maintainPglite(db).catch(() => {});
    try {
      if (dataDir) makePrivate(dataDir);
    } catch {
      // Retried at the next round; the folder itself is private already.
    }
  }, MAINTENANCE_EVERY_MS);
  maintenance.unref();
  const runNamed = namedStatements(db);
  return {
    kind: 'pglite',
    async query<R>(text: string, params?: readonly unknown[], options?: QueryOptions) {
      if (runsNamed(params, options)) return runNamed<R>(text, params!, false);
      return (await db.query<R>(text, params as unknown[])).rows;
    },
    async exec(script) {
      await db.exec(script);
    },
    transaction(work) {
      return db.transaction((tx) =>
        work({
          async query<R>(text: string, params?: readonly unknown[], options?: QueryOptions) {
            if (runsNamed(params, options)) return runNamed<R>(text, params!, true);
            return (await tx.query<R>(text, params as unknown[])).rows;
          },
          exec: async (script) => void (await tx.exec(script)),
        }),
      );
    },
    async close() {
      clearInterval(maintenance);
      if (!db.closed) await db.close();
      if (dataDir) makePrivate(dataDir);
      unlock();
    },
  };
}

/**
 * How long a request waits for a connection, new or from the pool, before it fails (503): while the
 * database is away, requests must not queue forever behind connection attempts that hang.
 */
export const CONNECT_TIMEOUT_MS = 5_000;

/** `settings`: server parameters of every connection, e.g. `{ synchronous_commit: 'off' }` for a bulk load. */
export async function openPostgres(url: string, max = 10, settings: Record<string, string> = {}): Promise<Database> {
  const options = Object.entries(settings)
    .map(([name, value]) => `-c ${name}=${value}`)
    .join(' ');
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // A server that vanishes without closing its sockets (a machine or network gone) is noticed.
    keepAlive: true,
    ...(options ? { options } : {}),
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === INT8) return (v: string) => Number(v);
        if (oid === NUMERIC) return (v: string) => v;
        return pg.types.getTypeParser(oid, format);
      }) as typeof pg.types.getTypeParser,
    },
  });
  // The server survives its database (DESIGN.md section 5). A connection that PostgreSQL ends (a restart
  // sends 57P01 to every backend) or that breaks emits 'error': an idle one is dropped by the pool, which
  // then emits 'error' here; a checked-out one (in a transaction or a COPY) has no listener of the pool's,
  // so each connection gets one of its own for its whole life. The query in flight fails (503), the
  // holder releases the connection with the error and the pool opens a new one for the next request.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  await pool.query('select 1');
  const nameOf = statementNames();
  // An unnamed statement is planned with its values each time it runs.
  const prepared = (text: string, params: readonly unknown[] | undefined, options?: QueryOptions) => {
    const name = runsNamed(params, options) ? nameOf(text) : undefined;
    return { text, values: params as unknown[], ...(name ? { name } : {}) };
  };
  return {
    kind: 'postgres',
    stats: () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    openSibling: (siblingMax, siblingSettings) => openPostgres(url, siblingMax, siblingSettings),
    async query(text, params, options) {
      return (await pool.query(prepared(text, params, options))).rows;
    },
    async exec(script) {
      await pool.query(script);
    },
    async copyFrom(sql, data) {
      const client = await pool.connect();
      try {
        await copyInto(client, sql, data);
        client.release();
      } catch (error) {
        // A COPY cut midway leaves the connection in no state to reuse: the pool destroys it.
        client.release(error instanceof Error ? error : new Error(String(error)));
        throw error;
      }
    },
    async transaction(work) {
      const client = await pool.connect();
      // Set when the connection cannot be trusted any more (lost, or its rollback failed): the pool
      // destroys it instead of handing it to the next request.
      let broken: Error | undefined;
      try {
        await client.query('begin');
        const result = await work({
          query: async (text, params, options) => (await client.query(prepared(text, params, options))).rows,
          exec: async (script) => void (await client.query(script)),
          copyFrom: (sql, data) => copyInto(client, sql, data),
        });
        // A commit that fails (the connection lost on the way) leaves the outcome unknown: the caller
        // gets the error and answers 503, never an acknowledgement.
        await client.query('commit');
        return result;
      } catch (error) {
        // A connection that saw the database go away, or that reaches a server now read-only (a demoted
        // primary), is dropped: the next one goes through the address to whoever is primary.
        if (isDatabaseUnavailable(error)) broken = error as Error;
        await client.query('rollback').catch((rollbackError: unknown) => {
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        });
        throw error;
      } finally {
        client.release(broken);
      }
    },
    async close() {
      await pool.end();
    },
  };
}

function copyInto(client: pg.PoolClient, sql: string, data: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const stream = client.query(copyFrom(sql));
    stream.on('finish', resolve).on('error', reject);
    stream.end(data);
  });
}

export function openDatabase(options: { databaseUrl?: string | undefined; dataDir?: string | undefined }) {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
