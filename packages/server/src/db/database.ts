// The database seam: one small interface over embedded PGlite and a PostgreSQL server (pg pool).
// Everything above it writes plain parameterised SQL; nothing above it knows which one runs.
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import pg from 'pg';

export interface Queryable {
  query<R = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<R[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
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
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

// Same value types on both drivers: bigint ids as numbers (they stay far below 2^53),
// numeric as exact strings, timestamps as Date.
const INT8 = 20;
const NUMERIC = 1700;

export async function openPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    extensions: { pg_trgm, unaccent },
    parsers: { [INT8]: (v: string) => Number(v), [NUMERIC]: (v: string) => v },
  });
  return {
    kind: 'pglite',
    async query(text, params) {
      return (await db.query(text, params as unknown[])).rows as never;
    },
    async exec(script) {
      await db.exec(script);
    },
    transaction(work) {
      return db.transaction((tx) =>
        work({
          query: async (text, params) => (await tx.query(text, params as unknown[])).rows as never,
          exec: async (script) => void (await tx.exec(script)),
        }),
      );
    },
    async close() {
      if (!db.closed) await db.close();
    },
  };
}

export async function openPostgres(url: string, max = 10): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === INT8) return (v: string) => Number(v);
        if (oid === NUMERIC) return (v: string) => v;
        return pg.types.getTypeParser(oid, format);
      }) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  await pool.query('select 1');
  return {
    kind: 'postgres',
    stats: () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async query(text, params) {
      return (await pool.query(text, params as unknown[])).rows;
    },
    async exec(script) {
      await pool.query(script);
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await work({
          query: async (text, params) => (await client.query(text, params as unknown[])).rows,
          exec: async (script) => void (await client.query(script)),
        });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

export function openDatabase(options: { databaseUrl?: string | undefined; dataDir?: string | undefined }) {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}
