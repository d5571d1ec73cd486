// Large seeds on PostgreSQL: load tables bare (no secondary index, foreign key or row-counter trigger
// to maintain row by row), with COPYs on several connections, then build the indexes two at a time,
// check the foreign keys and count the rows once. Everything comes from the schema model, so the
// database ends exactly as the migrations left it.
import type { Database, Queryable } from '../db/database';
import { buildSchemaModel, quote, searchWordTable } from '../db/schema';
import { workDayCall } from '../db/schema-diff';

/** Index builds and counts running at once (this is a 2-core machine's worth). */
const PARALLEL_BUILDS = 2;

interface ForeignKey {
  table: string;
  column: string;
  target: string;
}

function foreignKeys(): ForeignKey[] {
  const keys: ForeignKey[] = [];
  for (const [table, model] of Object.entries(buildSchemaModel().tables)) {
    for (const [column, { references }] of Object.entries(model.columns)) {
      if (references) keys.push({ table, column, target: references });
    }
  }
  return keys;
}

/** The constraint name the migrations give a foreign key (db/schema-diff.ts). */
const fkName = (key: ForeignKey) => quote(`${key.table}_${key.column}_fk`);

const literal = (value: string | null) => (value === null ? 'null' : `'${value.replace(/'/g, "''")}'`);

/** Drops what would be maintained row by row during the load; BulkRebuild puts it all back. */
export async function beginBulkLoad(db: Queryable): Promise<void> {
  const model = buildSchemaModel();
  for (const key of foreignKeys()) await db.query(`alter table ${quote(key.table)} drop constraint ${fkName(key)}`);
  for (const name of Object.keys(model.indexes)) await db.query(`drop index ${quote(name)}`);
  for (const table of Object.keys(model.counters ?? {})) await db.query('select row_count_untrack($1)', [table]);
  for (const [table, source] of Object.entries(model.workDays ?? {}))
    await db.query(workDayCall('untrack', table, source));
  for (const table of model.searchWords ?? []) await db.query('select search_words_untrack($1)', [table]);
  // The evidence chains (migration 0039) are made once at the end, in batches of 10,000 rows, not one per COPY.
  for (const table of await chainedTables(db)) await db.query('select evidence_untrack($1)', [table]);
}

const chainedTables = async (db: Queryable) =>
  (await db.query<{ chain: string }>('select chain from evidence_chain order by chain')).map((row) => row.chain);

/**
 * Runs `statements`, `parallel` at a time, each in a transaction with room to sort in memory (or
 * outside any, for VACUUM).
 */
async function runAll(db: Database, statements: string[], parallel: number, done: () => void): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < statements.length) {
      const sql = statements[next++]!;
      if (sql.startsWith('vacuum')) await db.query(sql);
      else
        await db.transaction(async (tx) => {
          await tx.query(`set local maintenance_work_mem = '512MB'`);
          await tx.query(`set local work_mem = '256MB'`); // a foreign key's check joins in memory
          await tx.query(sql);
        });
      done();
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
}

/** Index statements, biggest tables first (so that parallel workers finish together). */
async function indexesBySize(db: Database, tables?: readonly string[]): Promise<string[]> {
  const sizes = await db.query<{ name: string; bytes: number }>(
    `select relname as name, pg_relation_size(oid) as bytes from pg_class
      where relkind = 'r' and relnamespace = 'public'::regnamespace`,
  );
  const bytes = new Map(sizes.map((s) => [s.name, s.bytes]));
  const tableOf = (sql: string) => /\bon "([^"]+)"/.exec(sql)?.[1] ?? '';
  return Object.values(buildSchemaModel().indexes)
    .filter((sql) => !tables || tables.includes(tableOf(sql)))
    .sort((a, b) => (bytes.get(tableOf(b)) ?? 0) - (bytes.get(tableOf(a)) ?? 0));
}

/**
 * The indexes, keys and counts put back after a load. `early` indexes the tables a finished step
 * wrote while the next steps load (one build at a time), which takes the longest builds (the search
 * index of 5,000,000 transactions) off the end of the seed; `end` does the rest.
 */
export class BulkRebuild {
  private readonly built = new Set<string>();
  private readonly chained = new Set<string>();
  private earlyWork: Promise<void> = Promise.resolve();
  private done = 0;
  private total = 0;

  constructor(
    private readonly db: Database,
    private readonly onStep?: (done: number, total: number) => void,
  ) {
    const model = buildSchemaModel();
    this.total =
      Object.keys(model.indexes).length +
      foreignKeys().length +
      Object.keys(model.counters ?? {}).length +
      Object.keys(model.workDays ?? {}).length +
      2 * (model.searchWords ?? []).length +
      Object.keys(model.tables).length;
  }

  private tick = () => this.onStep?.(++this.done, this.total);

  /**
   * The evidence chains of those of `tables` that are chained, not made yet: each reads its table's rows
   * once and records their digests (evidence_track), while the table's pages are still in the cache.
   */
  private async chains(tables?: readonly string[]): Promise<string[]> {
    const chained = (await chainedTables(this.db)).filter(
      (table) => !this.chained.has(table) && (!tables || tables.includes(table)),
    );
    for (const table of chained) this.chained.add(table);
    this.total += chained.length;
    return chained.map((table) => `select evidence_track(${literal(table)})`);
  }

  /** Starts chaining and indexing `tables`, whose rows are all written, behind any started before. */
  early(tables: readonly string[]): void {
    this.earlyWork = this.earlyWork.then(async () => {
      const chains = await this.chains(tables);
      const statements = (await indexesBySize(this.db, tables)).filter((sql) => !this.built.has(sql));
      for (const sql of statements) this.built.add(sql);
      await runAll(this.db, [...chains, ...statements], 1, this.tick);
    });
    this.earlyWork.catch(() => {}); // reported by end(), which awaits it
  }

  /**
   * Chains the other tables, builds the other indexes (two at a time), adds the foreign keys back (each
   * checked by one join), counts every table and vacuums it (planner statistics, visibility map).
   */
  async end(): Promise<void> {
    const model = buildSchemaModel();
    // The early work goes on beside the rest (one worker each): the chains first, then the indexes.
    const rest = async () => {
      await runAll(this.db, await this.chains(), PARALLEL_BUILDS, this.tick);
      const indexes = (await indexesBySize(this.db)).filter((sql) => !this.built.has(sql));
      for (const sql of indexes) this.built.add(sql);
      await runAll(this.db, indexes, PARALLEL_BUILDS, this.tick);
    };
    await Promise.all([this.earlyWork, rest()]);
    const keys = foreignKeys().map(
      (key) =>
        `alter table ${quote(key.table)} add constraint ${fkName(key)} foreign key (${quote(key.column)}) ` +
        `references ${key.target.replace(/^(\w+)/, (table) => quote(table))}`,
    );
    // One at a time: two keys to the same table would queue on its lock anyway.
    await runAll(this.db, keys, 1, this.tick);
    const counts = Object.entries(model.counters ?? {}).map(
      ([table, status]) => `select row_count_track(${literal(table)}, ${literal(status)})`,
    );
    const days = Object.entries(model.workDays ?? {}).map(([table, source]) => workDayCall('track', table, source));
    const words = (model.searchWords ?? []).map((table) => `select search_words_track(${literal(table)})`);
    // Statistics for the planner, and the visibility map that lets counts and searches read indexes alone.
    const vacuums = [...Object.keys(model.tables), ...(model.searchWords ?? []).map(searchWordTable)].map(
      (table) => `vacuum (analyze) ${quote(table)}`,
    );
    await runAll(this.db, [...counts, ...days, ...words], PARALLEL_BUILDS, this.tick);
    await runAll(this.db, vacuums, PARALLEL_BUILDS, this.tick);
  }
}
