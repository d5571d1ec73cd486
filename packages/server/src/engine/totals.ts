// The total of a list without counting a big table (DESIGN.md section 8): maintained row counters
// (migration 0006) for a whole table and for a staff queue's statuses, else a count that stops early.
import type { Database } from '../db/database';

/**
 * A filtered count stops after this many rows (or at the end of the page asked for, when that is
 * further): up to it the total is exact, beyond it the total is a lower bound.
 */
export const COUNT_CAP = 1000;

/** A reader that sums more rows than this for one table folds them (in the background). */
const COMPACT_AFTER = 32;

export interface Total {
  total: number;
  /** False when `total` is a lower bound: more rows match than were counted. */
  exact: boolean;
}

/** What a list's counters can answer: the whole table (null) or the rows in some statuses. */
export type CounterScope = null | readonly string[];

/** Reads the maintained counters of one database and keeps their rows few. */
export class RowCounts {
  private readonly compacting = new Set<string>();

  constructor(private readonly db: Database) {}

  /** Rows of `table`, or of its rows whose status is one of `statuses`. */
  async count(table: string, statuses: CounterScope): Promise<number> {
    const [row] = await this.db.query<{ n: number; parts: number }>(
      statuses === null
        ? 'select coalesce(sum(n), 0)::bigint as n, count(*)::int as parts from row_count where table_name = $1'
        : `select coalesce(sum(n), 0)::bigint as n, count(*)::int as parts from row_count
            where table_name = $1 and status = any($2::text[])`,
      statuses === null ? [table] : [table, statuses],
    );
    if (row!.parts > COMPACT_AFTER) this.compact(table);
    return row!.n;
  }

  /** Rows of `table` per status (a table counted by status only); statuses without rows are absent. */
  async byStatus(table: string): Promise<Map<string, number>> {
    const rows = await this.db.query<{ status: string; n: number; parts: number }>(
      `select status, sum(n)::bigint as n, sum(count(*)) over ()::int as parts from row_count
        where table_name = $1 and status is not null group by status`,
      [table],
    );
    if ((rows[0]?.parts ?? 0) > COMPACT_AFTER) this.compact(table);
    return new Map(rows.map((row) => [row.status, Number(row.n)]));
  }

  /** Folds a table's counter rows; one at a time per table and process, never awaited by a reader. */
  private compact(table: string): void {
    if (this.compacting.has(table)) return;
    this.compacting.add(table);
    this.db
      .query('select row_count_compact($1)', [table])
      .catch(() => {}) // the next reader tries again; the sum stays right meanwhile
      .finally(() => this.compacting.delete(table));
  }
}

const instances = new WeakMap<Database, RowCounts>();

/** The counters of `db` (one reader per database, so compactions are not repeated). */
export function rowCountsOf(db: Database): RowCounts {
  let counts = instances.get(db);
  if (!counts) instances.set(db, (counts = new RowCounts(db)));
  return counts;
}

/**
 * How many rows a capped count reads for a page: the cap, or the end of the page when deeper, plus
 * one to tell "exactly that many" from "more".
 */
export const countLimit = (page: number, size: number) => Math.max(COUNT_CAP, (page + 1) * size) + 1;

/** The total a capped count (`counted` rows, read up to `limit`) stands for. */
export const cappedTotal = (counted: number, limit: number): Total =>
  counted < limit ? { total: counted, exact: true } : { total: limit - 1, exact: false };
