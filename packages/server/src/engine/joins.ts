// The joined fields of an entity (its `joined` paths) as LEFT JOINs, select expressions and
// filterable columns, so a manager list gets clientName, clientCode... in the same query as its page;
// and the `_search` conditions over the joined fields the declaration names in `searchJoined`.
import { entityByName, resolveJoinPath, type Entity, type JoinStep } from '@bank/domain';
import { foldedText, quote, searchExpression } from '../db/schema';
import { FIELD_IO } from './columns';
import { isFilterable, type Column } from './list-query';

export interface JoinPlan {
  /** `left join …` clauses, one per distinct ref path, in path order. */
  clauses: string[];
  selects: string[];
  columns: Map<string, Column>;
}

export function planJoins(entity: Entity): JoinPlan {
  const aliases = new Map<string, string>();
  const plan: JoinPlan = { clauses: [], selects: [], columns: new Map() };
  for (const [name, path] of Object.entries(entity.joined)) {
    const { steps, field } = resolveJoinPath(entity, path, entityByName);
    let from = 't';
    let prefix = '';
    for (const step of steps) {
      prefix = prefix ? `${prefix}.${step.ref.name}` : step.ref.name;
      let alias = aliases.get(prefix);
      if (!alias) {
        alias = `j${aliases.size + 1}`;
        aliases.set(prefix, alias);
        plan.clauses.push(
          `left join ${quote(step.target.table)} ${alias} on ${alias}.id = ${from}.${quote(step.ref.column)}`,
        );
      }
      from = alias;
    }
    const joinedField = { ...field, name, refShape: 'id' as const };
    plan.selects.push(...FIELD_IO[field.kind].select(joinedField, from));
    if (isFilterable(field)) plan.columns.set(name, { field: joinedField, sql: `${from}.${quote(field.column)}` });
  }
  return plan;
}

/**
 * The `_search` conditions over `entity.searchJoined`, one per ref path: the row's ref is among the
 * linked rows whose folded text of those fields (declaration order) matches `pattern`, an SQL
 * expression. `= any(array(…))` makes the linked ids one value computed once, so the planner can
 * OR the ref's index with the entity's own search index (BitmapOr) rather than test each row; when
 * the fields are a run of the linked entity's searchable fields, that entity's trigram index
 * finds them (a match in the run is a match in its whole search text).
 * @example joinedSearchOf(provisionCash)[0]!("search_fold('%diop%')")
 */
export function joinedSearchOf(entity: Entity): Array<(pattern: string) => string> {
  const paths = new Map<string, { steps: JoinStep[]; columns: string[] }>();
  for (const name of entity.searchJoined) {
    const { steps, field } = resolveJoinPath(entity, entity.joined[name]!, entityByName);
    const key = steps.map((step) => step.ref.name).join('.');
    const path = paths.get(key) ?? { steps, columns: [] };
    path.columns.push(field.column);
    paths.set(key, path);
  }
  return [...paths.values()].map(({ steps, columns }) => {
    const last = `s${steps.length}`;
    const from = steps
      .map((step, i) =>
        i === 0
          ? `${quote(step.target.table)} s1`
          : `join ${quote(step.target.table)} s${i + 1} on s${i + 1}.id = s${i}.${quote(step.ref.column)}`,
      )
      .join(' ');
    const text = foldedText(columns.map((c) => `${last}.${quote(c)}`));
    const target = steps.at(-1)!.target;
    const searchable = target.fields.filter((f) => f.searchable).map((f) => f.column);
    const start = searchable.indexOf(columns[0]!);
    const isRun = start >= 0 && columns.every((c, i) => searchable[start + i] === c);
    const index = isRun ? searchExpression(target, last) : undefined;
    return (pattern: string) => {
      const where = index ? `${index} like ${pattern} and ${text} like ${pattern}` : `${text} like ${pattern}`;
      return `t.${quote(steps[0]!.ref.column)} = any(array(select s1.id from ${from} where ${where}))`;
    };
  });
}
