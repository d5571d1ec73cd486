// Bulk writes for the seed, driven by the entity registry: rows are keyed by field name, tables
// and columns come from the declarations, and a field the declaration lacks fails loudly.
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
  value: (row: SeedRow) => unknown;
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
  for (const row of rows) for (const [name, value] of Object.entries(row)) if (value !== undefined) names.add(name);
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
    params = columns.map((column) => rows.map(column.value));
    const arrays = columns.map((c, i) => `$${i + 1}::${c.arrayType}`).join(', ');
    sql = `insert into ${target} select * from unnest(${arrays})`;
  } else {
    params = [];
    const values: unknown[] = params;
    const tuples = rows.map((row) => `(${columns.map((c) => `$${values.push(c.value(row))}`).join(', ')})`);
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
  const perStatement = Math.max(1, Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / Math.max(1, columns.length))));
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    // INSERT ... RETURNING yields the rows in the order they were given.
    ids.push(...(await insertChunk(db, entity.table, columns, chunk, returning)));
  }
  for (const field of manyToMany) {
    const pairs: Array<[number, number]> = [];
    rows.forEach((row, index) => {
      for (const target of (row[field.name] as readonly number[] | undefined) ?? []) pairs.push([ids[index]!, target]);
    });
    await insertLinks(db, entity, field, pairs);
  }
  return options.returning ? ids : [];
}

/** Rows of a many-to-many join table: `[ownerId, targetId]` pairs. */
export async function insertLinks(
  db: Queryable,
  entity: Entity,
  field: Field,
  pairs: ReadonlyArray<readonly [number, number]>,
): Promise<void> {
  const join = joinTableOf(entity, field);
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
