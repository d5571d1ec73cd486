// Compares two schema models and writes the SQL that takes a database from the first to the
// second: the migration generator's core (see scripts/db-migration.ts).
import { quote, type ColumnModel, type SchemaModel, type TableModel } from './schema';

const fkName = (table: string, column: string) => quote(`${table}_${column}_fk`);

function columnSql(name: string, column: ColumnModel): string {
  return [quote(name), column.type, column.notNull ? 'not null' : '', column.default ? `default ${column.default}` : '']
    .filter(Boolean)
    .join(' ');
}

function referencesSql(target: string): string {
  const [, table, rest] = /^(\w+)(.*)$/.exec(target)!;
  return `${quote(table!)}${rest}`;
}

function createTable(name: string, table: TableModel): string {
  const lines = Object.entries(table.columns).map(([column, model]) => `  ${columnSql(column, model)}`);
  lines.push(`  primary key (${table.primaryKey.map(quote).join(', ')})`);
  return `create table ${quote(name)} (\n${lines.join(',\n')}\n);`;
}

function addForeignKey(table: string, column: string, target: string): string {
  return `alter table ${quote(table)} add constraint ${fkName(table, column)} foreign key (${quote(column)}) references ${referencesSql(target)};`;
}

const literal = (value: string | null) => (value === null ? 'null' : `'${value.replace(/'/g, "''")}'`);

/** `select work_day_track('card_order', 'cardOrder', null);` */
export const workDayCall = (
  action: 'track' | 'untrack',
  table: string,
  { entity, open }: { entity: string; open: string | null },
) => `select work_day_${action}(${literal(table)}, ${literal(entity)}, ${literal(open)});`;

/** SQL statements (in a safe order) that turn `from` into `to`; empty when they are the same. */
export function diffSchema(from: SchemaModel, to: SchemaModel): string[] {
  const creates: string[] = [];
  const alters: string[] = [];
  const foreignKeys: string[] = [];
  const drops: string[] = [];

  for (const [name, table] of Object.entries(to.tables)) {
    const before = from.tables[name];
    if (!before) {
      creates.push(createTable(name, table));
      for (const [column, model] of Object.entries(table.columns)) {
        if (model.references) foreignKeys.push(addForeignKey(name, column, model.references));
      }
      continue;
    }
    for (const [column, model] of Object.entries(table.columns)) {
      const old = before.columns[column];
      if (!old) {
        alters.push(`alter table ${quote(name)} add column ${columnSql(column, model)};`);
        if (model.references) foreignKeys.push(addForeignKey(name, column, model.references));
        continue;
      }
      const target = `alter table ${quote(name)} alter column ${quote(column)}`;
      if (old.type !== model.type) alters.push(`${target} type ${model.type} using ${quote(column)}::${model.type};`);
      if (old.default !== model.default)
        alters.push(model.default ? `${target} set default ${model.default};` : `${target} drop default;`);
      if (old.notNull !== model.notNull) alters.push(`${target} ${model.notNull ? 'set' : 'drop'} not null;`);
      if (old.references !== model.references) {
        if (old.references) alters.push(`alter table ${quote(name)} drop constraint ${fkName(name, column)};`);
        if (model.references) foreignKeys.push(addForeignKey(name, column, model.references));
      }
    }
    for (const column of Object.keys(before.columns)) {
      if (!(column in table.columns)) drops.push(`alter table ${quote(name)} drop column ${quote(column)};`);
    }
  }
  for (const name of Object.keys(from.tables)) {
    if (!(name in to.tables)) drops.push(`drop table ${quote(name)};`);
  }

  const indexDrops: string[] = [];
  const indexCreates: string[] = [];
  for (const [name, sql] of Object.entries(from.indexes)) {
    if (to.indexes[name] !== sql) indexDrops.push(`drop index if exists ${quote(name)};`);
  }
  for (const [name, sql] of Object.entries(to.indexes)) {
    if (from.indexes[name] !== sql) indexCreates.push(`${sql};`);
  }
  // Row counters (migration 0006): tracking a table again recounts it.
  const counts: string[] = [];
  for (const [name, status] of Object.entries(to.counters ?? {})) {
    if (from.counters?.[name] !== status) counts.push(`select row_count_track(${literal(name)}, ${literal(status)});`);
  }
  for (const name of Object.keys(from.counters ?? {})) {
    if (!(name in (to.counters ?? {})) && name in to.tables) counts.push(`select row_count_untrack(${literal(name)});`);
  }
  // Append-only histories (migration 0013): the database refuses to update, delete or truncate them, and
  // each is an evidence chain (migration 0031).
  const guards: string[] = [];
  const guardedBefore = new Set(from.appendOnly ?? []);
  const guardedAfter = new Set(to.appendOnly ?? []);
  for (const name of guardedAfter) {
    if (!guardedBefore.has(name))
      guards.push(`select append_only_guard(${literal(name)});`, `select evidence_track(${literal(name)});`);
  }
  for (const name of guardedBefore) {
    if (!guardedAfter.has(name) && name in to.tables) guards.push(`select append_only_release(${literal(name)});`);
  }
  // The home page's daily rollup (migration 0020): tracking a table again recounts its days.
  const days: string[] = [];
  for (const [name, source] of Object.entries(to.workDays ?? {})) {
    const old = from.workDays?.[name];
    if (old?.entity !== source.entity || old.open !== source.open) days.push(workDayCall('track', name, source));
  }
  for (const [name, source] of Object.entries(from.workDays ?? {})) {
    if (!(name in (to.workDays ?? {})) && name in to.tables) days.push(workDayCall('untrack', name, source));
  }
  // Word-start indexes (migration 0023): tracking a table builds its index from its rows.
  const words: string[] = [];
  for (const name of to.searchWords ?? []) {
    if (!from.searchWords?.includes(name)) words.push(`select search_words_track(${literal(name)});`);
  }
  for (const name of from.searchWords ?? []) {
    if (!to.searchWords?.includes(name) && name in to.tables)
      words.push(`select search_words_untrack(${literal(name)});`);
  }
  return [
    ...indexDrops,
    ...creates,
    ...alters,
    ...foreignKeys,
    ...indexCreates,
    ...counts,
    ...guards,
    ...days,
    ...words,
    ...drops,
  ];
}
