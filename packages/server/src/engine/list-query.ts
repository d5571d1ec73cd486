// Paging, sorting and JHipster-style criteria (`field.op=value`) parsed from a query string into
// parameterised SQL, with a clear 400 for anything that does not fit the entity.
import { ENUMS, isRealDate, type Entity, type Field, type FieldKind } from '@bank/domain';
import { quote } from '../db/schema';
import { HttpProblem } from '../problem';

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 1000;

export type Query = Record<string, string | string[] | undefined>;

/** Collects SQL parameters and hands out their placeholders. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export interface ListRequest {
  page: number;
  size: number;
  orderBy: string;
  where: string[];
}

const invalid = (field: string, message: string, detail: string) =>
  new HttpProblem(400, { message: 'error.validation', detail, fieldErrors: [{ objectName: 'query', field, message }] });

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
const all = (value: string | string[] | undefined) =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

function integerParam(query: Query, name: string, fallback: number, min: number, max: number): number {
  const text = first(query[name]);
  if (text === undefined || text === '') return fallback;
  if (!/^-?\d{1,9}$/.test(text)) throw invalid(name, 'TypeMismatch', `${name} must be a whole number`);
  const value = Number(text);
  if (value < min) throw invalid(name, 'Min', `${name} must be at least ${min}`);
  return Math.min(value, max);
}

/** Turns query-string text into a typed SQL value per kind; null means "not valid for this kind". */
const PARSE = {
  text: (v) => v,
  longText: (v) => v,
  email: (v) => v,
  phone: (v) => v,
  rib: (v) => v,
  secret: () => null,
  int: (v) => (/^-?\d{1,10}$/.test(v) ? Number(v) : null),
  decimal: (v) => (/^-?\d{1,18}(\.\d+)?$/.test(v) ? v : null),
  money: (v) => (/^-?\d{1,18}(\.\d+)?$/.test(v) ? v : null),
  bool: (v) => (v === 'true' ? true : v === 'false' ? false : null),
  date: (v) => {
    const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    return parts && isRealDate(Number(parts[1]), Number(parts[2]), Number(parts[3])) ? v : null;
  },
  dateTime: (v) => (!Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}/.test(v) ? new Date(v).toISOString() : null),
  enum: (v, f) => ((ENUMS[f.enum!].values as readonly string[]).includes(v) ? v : null),
  ref: (v) => (/^\d{1,15}$/.test(v) ? Number(v) : null),
  refs: () => null,
  image: () => null,
} as const satisfies Record<FieldKind, (value: string, field: Field) => unknown>;

const TEXT_KINDS = new Set<FieldKind>(['text', 'longText', 'email', 'phone', 'rib']);
/** Kinds that cannot be filtered or sorted on. */
const OPAQUE_KINDS = new Set<FieldKind>(['refs', 'image', 'secret']);

/** A field that can be filtered and sorted on, with the SQL that reads it in a list query. */
export interface Column {
  field: Field;
  sql: string;
}

export type ColumnResolver = (name: string) => Column | undefined;

const ID_FIELD = { name: 'id', column: 'id', kind: 'ref' } as Field;

/** The entity's own filterable columns (alias `t`) by JSON name, the id included. */
export function ownColumns(entity: Entity, alias = 't'): Map<string, Column> {
  const columns = new Map<string, Column>([['id', { field: ID_FIELD, sql: `${alias}.id` }]]);
  for (const field of entity.fields) {
    if (isFilterable(field)) columns.set(field.name, { field, sql: `${alias}.${quote(field.column)}` });
  }
  return columns;
}

/** A masked field (an OTP code) is neither filtered nor sorted on: either would tell its value. */
export const isFilterable = (field: Field) => !OPAQUE_KINDS.has(field.kind) && !field.mask;

/** Escapes LIKE metacharacters so that user text matches literally. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function criterion({ field, sql: column }: Column, op: string, raw: string, params: Params): string {
  const parse = (text: string) => {
    const value = PARSE[field.kind](text, field);
    if (value === null)
      throw invalid(`${field.name}.${op}`, 'TypeMismatch', `"${text}" is not a valid value for ${field.name}`);
    return value;
  };
  switch (op) {
    case 'equals':
      return `${column} = ${params.add(parse(raw))}`;
    case 'notEquals':
      return `${column} is distinct from ${params.add(parse(raw))}`;
    case 'in':
    case 'notIn': {
      const values = raw
        .split(',')
        .filter((v) => v !== '')
        .map(parse);
      if (values.length === 0 || values.length > 1000)
        throw invalid(`${field.name}.${op}`, 'Size', 'Give 1 to 1000 values');
      const list = values.map((v) => params.add(v)).join(', ');
      return op === 'in' ? `${column} in (${list})` : `${column} not in (${list})`;
    }
    case 'specified':
      if (raw !== 'true' && raw !== 'false')
        throw invalid(`${field.name}.specified`, 'TypeMismatch', 'specified is true or false');
      return `${column} is ${raw === 'true' ? 'not ' : ''}null`;
    case 'contains':
    case 'doesNotContain': {
      if (!TEXT_KINDS.has(field.kind))
        throw invalid(`${field.name}.${op}`, 'Unknown', `${op} applies to text fields only`);
      // Accent- and case-insensitive, as people type French names.
      const pattern = `search_fold(${params.add(`%${likeEscape(raw)}%`)}::text)`;
      return op === 'contains'
        ? `search_fold(${column}) like ${pattern}`
        : `search_fold(coalesce(${column}, '')) not like ${pattern}`;
    }
    case 'greaterThan':
    case 'lessThan':
    case 'greaterThanOrEqual':
    case 'lessThanOrEqual': {
      if (TEXT_KINDS.has(field.kind) || field.kind === 'bool' || field.kind === 'enum') {
        throw invalid(`${field.name}.${op}`, 'Unknown', `${op} applies to numbers and dates only`);
      }
      const sign = { greaterThan: '>', lessThan: '<', greaterThanOrEqual: '>=', lessThanOrEqual: '<=' }[op];
      return `${column} ${sign} ${params.add(parse(raw))}`;
    }
    default:
      throw invalid(`${field.name}.${op}`, 'Unknown', `Unknown filter operation "${op}"`);
  }
}

/** `where` conditions for every `field.op=value` parameter of the query. */
export function criteriaOf(resolve: ColumnResolver, query: Query, params: Params): string[] {
  const where: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    const dot = key.indexOf('.');
    if (dot < 0) continue;
    const name = key.slice(0, dot);
    const column = resolve(name);
    if (!column) throw invalid(key, 'Unknown', `Unknown filter field "${name}"`);
    for (const raw of all(value)) where.push(criterion(column, key.slice(dot + 1), raw, params));
  }
  return where;
}

/**
 * `order by` from `sort=field,asc|desc` (repeatable), always ending with the id so pages are stable.
 * The id follows the first key's direction so that an index on (field, id) serves the whole order.
 */
export function orderOf(resolve: ColumnResolver, query: Query, fallback: string): string {
  const sorts = all(query.sort).length > 0 ? all(query.sort) : [fallback];
  const parts: string[] = [];
  let hasId = false;
  for (const sort of sorts) {
    const [name = '', direction = 'asc', extra] = sort.split(',');
    const column = resolve(name);
    if (!column || extra !== undefined || !['asc', 'desc'].includes(direction.toLowerCase())) {
      throw invalid('sort', 'Unknown', `Cannot sort by "${sort}"`);
    }
    if (column.field === ID_FIELD) hasId = true;
    parts.push(`${column.sql} ${direction.toLowerCase()}`);
  }
  if (!hasId) parts.push(`t.id ${parts[0]!.endsWith('desc') ? 'desc' : 'asc'}`);
  return parts.join(', ');
}

export function pagingOf(query: Query): { page: number; size: number } {
  return {
    page: integerParam(query, 'page', 0, 0, 10_000_000),
    size: integerParam(query, 'size', DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE),
  };
}
