// The joined fields of an entity (its `joined` paths) as LEFT JOINs, select expressions and
// filterable columns, so a manager list gets clientName, clientCode... in the same query as its page.
import { entityByName, resolveJoinPath, type Entity } from '@bank/domain';
import { quote } from '../db/schema';
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
