// Bulk writes for the seed, driven by the entity registry: rows are keyed by field name, tables
// and columns come from the declarations, and a field the declaration lacks fails loudly.
// Multi-row inserts on PGlite; COPY on PostgreSQL, with ids handed out here and COPYs pipelined.
import { entityByName, type Entity, type Field, type FieldKind } from '@bank/domain';
import type { Queryable } from '../db/database';
import { joinTableOf, quote } from '../db/schema';

/** A picture as the seed writes it: bytes plus their content type. */
export interface SeedImage {
  bytes: Uint8Array;
  contentType: string;
}

/**
 * One row keyed by field name; refs fields take target ids. A field no row of a batch gives a
 * value takes its column default; a field given by some rows only is null in the others.
 */
export type SeedRow = Record<string, unknown>;

/** Where the seed writes: a transaction, told of each batch of rows written (progress). */
export interface BulkTarget extends Queryable {
  onRows?(count: number): void;
}

/**
 * The seed's view of transaction `tx`: its statements run one after another in call order, each
 * sent when the previous one is done, so the seed may go on making rows while a COPY is ingested.
 */
export function bulkTarget(tx: Queryable, onRows?: (count: number) => void): BulkTarget {
  let last: Promise<unknown> = Promise.resolve();
  const serial = <T>(run: () => Promise<T>): Promise<T> => {
    const next = last.then(run, run);
    last = next.catch(() => {});
    return next;
  };
  const copyFrom = tx.copyFrom?.bind(tx);
  return {
    query: (text, params) => serial(() => tx.query(text, params)),
    exec: (script) => serial(() => tx.exec(script)),
    ...(copyFrom ? { copyFrom: (sql: string, data: string) => serial(() => copyFrom(sql, data)) } : {}),
    ...(onRows ? { onRows } : {}),
  };
}

/** Enough rows per statement to amortise the round trip, few enough to stay below 65,535 parameters. */
const MAX_ROWS = 1000;
const MAX_PARAMS = 30_000;

/** Array type a column's values travel in with `unnest` (one parameter per column); none for pictures. */
const ARRAY_TYPE = {
  text: 'text[]',
  longText: 'text[]',
  email: 'text[]',
  phone: 'text[]',
  rib: 'text[]',
  secret: 'text[]',
  enum: 'text[]',
  int: 'integer[]',
  decimal: 'numeric[]',
  money: 'numeric[]',
  bool: 'boolean[]',
  date: 'date[]',
  dateTime: 'timestamptz[]',
  ref: 'bigint[]',
  refs: null,
  image: null,
} as const satisfies Record<FieldKind, string | null>;

interface Column {
  name: string;
  arrayType: string | null;
  /** The column's value in `row`, the `index`-th row of its batch. */
  value: (row: SeedRow, index: number) => unknown;
}

/** COPYs in flight per target: the server ingests some (in parallel on a pool) while the next batch is made. */
const MAX_COPIES_IN_FLIGHT = 3;
/** Ids taken from a table's identity sequence at a time by the COPY path. */
const ID_BLOCK = 100_000;

interface CopyState {
  inFlight: Array<Promise<void>>;
  /** Per table: the next id to hand out and the end (exclusive) of the reserved block. */
  ids: Map<string, { next: number; end: number }>;
}

const copyStates = new WeakMap<Queryable, CopyState>();

function copyStateOf(db: Queryable): CopyState {
  let state = copyStates.get(db);
  if (!state) copyStates.set(db, (state = { inFlight: [], ids: new Map() }));
  return state;
}

const COPY_ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** One value in COPY text format. */
function copyValue(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'boolean') return value ? 't' : 'f';
  const text = String(value);
  return /[\\\n\r\t]/.test(text) ? text.replace(/[\\\n\r\t]/g, (c) => COPY_ESCAPES[c]!) : text;
}

/** `count` new ids of `table`, from blocks reserved on its identity sequence (fixed by finishCopies). */
async function takeIds(db: Queryable, table: string, count: number): Promise<number[]> {
  const state = copyStateOf(db);
  let block = state.ids.get(table);
  const ids: number[] = [];
  while (ids.length < count) {
    if (!block || block.next >= block.end) {
      const size = Math.max(ID_BLOCK, count - ids.length);
      const [row] = await db.query<{ last: number }>(
        `select setval(pg_get_serial_sequence($1, 'id'), nextval(pg_get_serial_sequence($1, 'id')) + $2 - 1) as last`,
        [quote(table), size],
      );
      block = { next: row!.last - size + 1, end: row!.last + 1 };
      state.ids.set(table, block);
    }
    ids.push(block.next++);
  }
  return ids;
}

/** Queues one COPY of `rows`, waiting only when too many are already in flight. */
async function copyRows(db: Queryable, table: string, columns: readonly Column[], rows: readonly SeedRow[]) {
  const lines: string[] = [];
  rows.forEach((row, index) => lines.push(columns.map((c) => copyValue(c.value(row, index))).join('\t')));
  const state = copyStateOf(db);
  while (state.inFlight.length >= MAX_COPIES_IN_FLIGHT) await state.inFlight.shift();
  const done = db.copyFrom!(
    `copy ${quote(table)} (${columns.map((c) => quote(c.name)).join(', ')}) from stdin`,
    `${lines.join('\n')}\n`,
  );
  done.catch(() => {}); // reported by whoever awaits it (the next batches or finishCopies)
  state.inFlight.push(done);
}

/** Waits until every COPY made so far is in the database. */
export async function settleCopies(db: Queryable): Promise<void> {
  await Promise.all(copyStates.get(db)?.inFlight.splice(0) ?? []);
}

/**
 * Waits for the COPYs still in flight and moves each identity sequence the COPY path used past
 * the largest id written, so that the ids reserved but not used are given out again.
 */
export async function finishCopies(db: Queryable): Promise<void> {
  const state = copyStates.get(db);
  if (!state) return;
  await Promise.all(state.inFlight.splice(0));
  for (const table of state.ids.keys()) {
    await db.query(
      `select setval(pg_get_serial_sequence($1, 'id'), coalesce((select max(id) from ${quote(table)}), 0) + 1, false)`,
      [quote(table)],
    );
  }
  copyStates.delete(db);
}

function fieldOf(entity: Entity, name: string): Field {
  const field = entity.field(name);
  if (!field) throw new Error(`Demo seed: entity ${entity.name} has no field "${name}"`);
  return field;
}

function columnsOf(entity: Entity, names: readonly string[]): Column[] {
  const columns: Column[] = [];
  for (const name of names) {
    const field = fieldOf(entity, name);
    if (field.kind === 'refs') continue;
    if (field.kind === 'image') {
      const image = (row: SeedRow) => row[name] as SeedImage | null | undefined;
      columns.push({ name: field.column, arrayType: null, value: (row) => image(row)?.bytes ?? null });
      columns.push({
        name: `${field.column}_content_type`,
        arrayType: null,
        value: (row) => image(row)?.contentType ?? null,
      });
      continue;
    }
    columns.push({ name: field.column, arrayType: ARRAY_TYPE[field.kind], value: (row) => row[name] ?? null });
  }
  return columns;
}

/** Field names any row of the batch gives a value. */
function fieldNames(rows: readonly SeedRow[]): string[] {
  const names = new Set<string>();
  for (const row of rows) for (const name in row) if (row[name] !== undefined) names.add(name);
  return [...names];
}

async function insertChunk(
  db: Queryable,
  table: string,
  columns: readonly Column[],
  rows: readonly SeedRow[],
  returning: boolean,
): Promise<number[]> {
  const target = `${quote(table)} (${columns.map((c) => quote(c.name)).join(', ')})`;
  let sql: string;
  let params: unknown[];
  if (columns.every((c) => c.arrayType !== null)) {
    // One array per column: far fewer parameters to bind than one per cell.
    params = columns.map((column) => rows.map((row, index) => column.value(row, index)));
    const arrays = columns.map((c, i) => `$${i + 1}::${c.arrayType}`).join(', ');
    sql = `insert into ${target} select * from unnest(${arrays})`;
  } else {
    params = [];
    const values: unknown[] = params;
    const tuples = rows.map((row, i) => `(${columns.map((c) => `$${values.push(c.value(row, i))}`).join(', ')})`);
    sql = `insert into ${target} values ${tuples.join(', ')}`;
  }
  const result = await db.query<{ id: number }>(returning ? `${sql} returning id` : sql, params);
  return result.map((r) => r.id);
}

/**
 * Inserts `rows` of the entity named `entityName` in multi-row statements and returns their ids in
 * row order when `returning` is set; many-to-many fields (`refs`) go to their join tables.
 * @example await insertRows(tx, 'branch', [{ code: 'DKR01', name: 'Dakar Plateau' }], { returning: true })
 */
export async function insertRows(
  db: Queryable,
  entityName: string,
  rows: readonly SeedRow[],
  options: { returning?: boolean } = {},
): Promise<number[]> {
  if (rows.length === 0) return [];
  const entity = entityByName(entityName);
  const names = fieldNames(rows);
  const columns = columnsOf(entity, names);
  const manyToMany = names.map((n) => fieldOf(entity, n)).filter((f) => f.kind === 'refs');
  const returning = options.returning === true || manyToMany.length > 0;
  (db as BulkTarget).onRows?.(rows.length);
  if (db.copyFrom && columns.every((c) => c.arrayType !== null)) {
    const ids = returning ? await takeIds(db, entity.table, rows.length) : [];
    const withId: Column[] = returning
      ? [{ name: 'id', arrayType: 'bigint[]', value: (_row, index) => ids[index] }, ...columns]
      : columns;
    await copyRows(db, entity.table, withId, rows);
    for (const field of manyToMany) await insertLinks(db, entity, field, linksOf(rows, ids, field));
    return options.returning ? ids : [];
  }
  const perStatement = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / Math.max(1, columns.length))));
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    // INSERT ... RETURNING yields the rows in the order they were given.
    ids.push(...(await insertChunk(db, entity.table, columns, chunk, returning)));
  }
  for (const field of manyToMany) await insertLinks(db, entity, field, linksOf(rows, ids, field));
  return options.returning ? ids : [];
}

/** The `[ownerId, targetId]` pairs of a many-to-many field for rows of ids `ids`. */
function linksOf(rows: readonly SeedRow[], ids: readonly number[], field: Field): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  rows.forEach((row, index) => {
    for (const target of (row[field.name] as readonly number[] | undefined) ?? []) pairs.push([ids[index]!, target]);
  });
  return pairs;
}

/** Rows of a many-to-many join table: `[ownerId, targetId]` pairs. */
export async function insertLinks(
  db: Queryable,
  entity: Entity,
  field: Field,
  pairs: ReadonlyArray<readonly [number, number]>,
): Promise<void> {
  const join = joinTableOf(entity, field);
  if (db.copyFrom) {
    const columns: Column[] = [join.ownerColumn, join.targetColumn].map((name, i) => ({
      name,
      arrayType: 'bigint[]',
      value: (row) => (row as unknown as [number, number])[i],
    }));
    if (pairs.length > 0) await copyRows(db, join.table, columns, pairs as unknown as SeedRow[]);
    return;
  }
  for (let start = 0; start < pairs.length; start += MAX_ROWS) {
    const chunk = pairs.slice(start, start + MAX_ROWS);
    const params = chunk.flat();
    const tuples = chunk.map((_, i) => `($${2 * i + 1}, $${2 * i + 2})`).join(', ');
    await db.query(
      `insert into ${quote(join.table)} (${quote(join.ownerColumn)}, ${quote(join.targetColumn)}) values ${tuples}`,
      params,
    );
  }
}

/**
 * Collects rows and writes them every `MAX_ROWS`, so generators of large tables keep memory bounded.
 * @example const out = new RowBuffer(tx, 'transaction'); await out.push(row); await out.flush();
 */
export class RowBuffer {
  private rows: SeedRow[] = [];
  written = 0;

  constructor(
    private readonly db: Queryable,
    private readonly entityName: string,
  ) {}

  async push(row: SeedRow): Promise<void> {
    this.rows.push(row);
    if (this.rows.length >= MAX_ROWS) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.rows.length === 0) return;
    const rows = this.rows;
    this.rows = [];
    await insertRows(this.db, this.entityName, rows);
    this.written += rows.length;
  }
}
