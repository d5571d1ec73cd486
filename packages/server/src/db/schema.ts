// The database schema derived from the entity registry: one table per entity, a join table per
// many-to-many field, foreign keys with their indexes, unique keys and an accent-insensitive
// trigram index over each entity's searchable text.
import {
  ENTITIES,
  NUMERIC_PRECISION,
  WORKFLOWS,
  entityByName,
  workflowOf,
  type Entity,
  type Field,
  type FieldKind,
} from '@bank/domain';

export interface ColumnModel {
  type: string;
  notNull: boolean;
  default?: string;
  references?: string;
}

export interface TableModel {
  columns: Record<string, ColumnModel>;
  primaryKey: string[];
}

export interface SchemaModel {
  tables: Record<string, TableModel>;
  /** Index name → its full `create index` statement. */
  indexes: Record<string, string>;
  /**
   * Tables whose rows are counted by triggers (migration 0006), with the status column counted
   * apart (null for none): the totals of unfiltered lists and of the staff queues.
   */
  counters?: Record<string, string | null>;
  /**
   * Tables whose rows the database refuses to update, delete or truncate (migration 0013): the
   * histories, each workflow's log and every entity declared `history`.
   */
  appendOnly?: string[];
  /**
   * Tables that feed the home page's daily rollup (migration 0020), with their request entity: a request
   * table counts what was received (`open` null); a request's history counts what was decided, a row whose
   * status is not one of `open` (comma separated).
   */
  workDays?: Record<string, { entity: string; open: string | null }>;
  /** Tables whose word starts are indexed for `_search` (migration 0023): entities declared `wordSearch`. */
  searchWords?: string[];
}

const varchar = (field: Field) => `varchar(${field.maxLength})`;
const numeric = (kind: keyof typeof NUMERIC_PRECISION) =>
  `numeric(${NUMERIC_PRECISION[kind].precision}, ${NUMERIC_PRECISION[kind].scale})`;

/** SQL type per kind; 'refs' has no column of its own (it is a join table). */
const COLUMN_TYPE = {
  text: varchar,
  longText: varchar,
  email: varchar,
  phone: varchar,
  rib: varchar,
  secret: varchar,
  int: () => 'integer',
  decimal: () => numeric('decimal'),
  money: () => numeric('money'),
  bool: () => 'boolean',
  date: () => 'date',
  dateTime: () => 'timestamptz',
  enum: () => 'varchar(40)',
  ref: () => 'bigint',
  refs: () => null,
  image: () => 'bytea',
} as const satisfies Record<FieldKind, (field: Field) => string | null>;

export const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;
const literal = (value: string | number | boolean) =>
  typeof value === 'string' ? `'${value.replace(/'/g, "''")}'` : String(value);

function defaultOf(field: Field): string | undefined {
  if (field.default === undefined) return undefined;
  if (field.default === 'now' && field.kind === 'dateTime') return 'now()';
  return literal(field.default);
}

/** Join table of a many-to-many field: `pack_serenity_services (pack_id, serenity_services_id)`. */
export function joinTableOf(entity: Entity, field: Field) {
  const target = entityByName(field.ref!);
  const ownerColumn = `${entity.table}_id`;
  const targetColumn = target.table === entity.table ? `${field.column}_id` : `${target.table}_id`;
  return { table: `${entity.table}_${field.column}`, ownerColumn, targetColumn, target };
}

/** Characters of a trigram: a shorter search text gives a trigram index nothing to look up. */
export const TRIGRAM_LENGTH = 3;

/** Characters kept from each word's start in a word-start index (fixed by migration 0023). */
export const SEARCH_WORD_LENGTH = 16;

/** The table of a table's word starts (migration 0023): `at_start`, `entry` (collation "C"), `id`. */
export const searchWordTable = (table: string) => `${table}_search_word`;

/** Accent- and case-folded text of columns, joined by spaces: `search_fold(coalesce(a, '') || ' ' || …)`. */
export const foldedText = (columns: readonly string[]) =>
  `search_fold(${columns.map((c) => `coalesce(${c}, '')`).join(` || ' ' || `)})`;

/**
 * The stored column holding an entity's folded searchable text, which its trigram index covers.
 * Stored rather than an index on the expression: the index only narrows the candidates, each is
 * then checked again, and folding a long text per candidate (unaccent) cost a broad search far more
 * than reading it.
 */
const SEARCH_COLUMN = 'search_text';

/** Folded text of the entity's searchable fields: what its search column holds. */
function searchedText(entity: Entity): string | undefined {
  const columns = entity.fields.filter((f) => f.searchable).map((f) => quote(f.column));
  return columns.length === 0 ? undefined : foldedText(columns);
}

/** What `_search` matches and the search index covers: the entity's search column, if it has one. */
export function searchExpression(entity: Entity, alias?: string): string | undefined {
  return searchedText(entity) === undefined ? undefined : `${alias ? `${alias}.` : ''}${quote(SEARCH_COLUMN)}`;
}

export function buildSchemaModel(entities: readonly Entity[] = ENTITIES): SchemaModel {
  const counters: Record<string, string | null> = {};
  const appendOnly: string[] = [];
  const workDays: NonNullable<SchemaModel['workDays']> = {};
  const searchWords: string[] = [];
  const model: SchemaModel = { tables: {}, indexes: {}, counters, appendOnly, workDays, searchWords };
  const logs = new Set(WORKFLOWS.map((w) => w.log.entity));
  const index = (name: string, sql: string) => (model.indexes[name] = sql);

  for (const entity of entities) {
    const columns: Record<string, ColumnModel> = {
      id: { type: 'bigint generated by default as identity', notNull: true },
      version: { type: 'integer', notNull: true, default: '0' },
    };
    for (const field of entity.fields) {
      const type = COLUMN_TYPE[field.kind](field);
      if (type === null) {
        const join = joinTableOf(entity, field);
        model.tables[join.table] = {
          columns: {
            [join.ownerColumn]: { type: 'bigint', notNull: true, references: `${entity.table}(id) on delete cascade` },
            [join.targetColumn]: { type: 'bigint', notNull: true, references: `${join.target.table}(id)` },
          },
          primaryKey: [join.ownerColumn, join.targetColumn],
        };
        index(
          `${join.table}_target_idx`,
          `create index ${quote(`${join.table}_target_idx`)} on ${quote(join.table)} (${quote(join.targetColumn)})`,
        );
        continue;
      }
      const defaultValue = defaultOf(field);
      columns[field.column] = {
        type,
        notNull: false,
        ...(defaultValue ? { default: defaultValue } : {}),
        ...(field.kind === 'ref' ? { references: `${entityByName(field.ref!).table}(id)` } : {}),
      };
      if (field.kind === 'image') columns[`${field.column}_content_type`] = { type: 'varchar(100)', notNull: false };
      if (field.kind === 'ref') {
        const name = `${entity.table}_${field.column}_idx`;
        index(name, `create index ${quote(name)} on ${quote(entity.table)} (${quote(field.column)})`);
      }
      if (field.unique) {
        const name = `${entity.table}_${field.column}_key`;
        const expression = field.kind === 'ref' ? quote(field.column) : `lower(${quote(field.column)})`;
        index(name, `create unique index ${quote(name)} on ${quote(entity.table)} (${expression})`);
      }
      if (field.name === 'createdAt' || field.name === 'created_at') {
        const name = `${entity.table}_${field.column}_idx`;
        index(name, `create index ${quote(name)} on ${quote(entity.table)} (${quote(field.column)}, id)`);
      }
    }
    const searched = searchedText(entity);
    if (searched) columns[SEARCH_COLUMN] = { type: `text generated always as (${searched}) stored`, notNull: false };
    model.tables[entity.table] = { columns, primaryKey: ['id'] };
    const workflow = workflowOf(entity.name);
    counters[entity.table] = workflow ? entity.field(workflow.status)!.column : null;
    if (entity.dataClass === 'history' || logs.has(entity.name)) appendOnly.push(entity.table);
    if (workflow) {
      workDays[entity.table] = { entity: entity.name, open: null };
      workDays[entityByName(workflow.log.entity).table] = {
        entity: entity.name,
        open: workflow.openStatuses.join(','),
      };
    }
    // A request's staff queue is filtered by status and read newest first; its maker's « Mes saisies » by
    // who filed it, newest first.
    const queue =
      workflow && entity.field('createdAt')
        ? [
            [workflow.status, 'createdAt'],
            ['filedBy', 'createdAt'],
          ]
        : [];
    for (const fields of [...queue, ...entity.indexes]) {
      const columnNames = fields.map((name) => entity.field(name)!.column);
      const name = `${entity.table}_${columnNames.join('_')}_idx`;
      index(name, `create index ${quote(name)} on ${quote(entity.table)} (${columnNames.map(quote).join(', ')}, id)`);
    }
    const search = searchExpression(entity);
    if (search) {
      const name = `${entity.table}_search_idx`;
      index(name, `create index ${quote(name)} on ${quote(entity.table)} using gin (${search} gin_trgm_ops)`);
      if (entity.wordSearch) searchWords.push(entity.table);
    }
  }
  return model;
}
