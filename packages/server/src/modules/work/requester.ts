// Whom a request is for, as SQL: the joins from the request row `t` to the name its workflow names
// (requesterPath), shared by the home page's inbox and the checker inbox.
import { clientPathOf, entityByName, requesterPath, resolveJoinPath, type WorkflowDef } from '@bank/domain';
import { quote } from '../../db/schema';
import { clientIdOf } from '../audit/access-log-writer';

/** The joins (aliases j1, j2…) and the name's column; undefined for a type that names nobody. */
export function requesterJoin(workflow: WorkflowDef): { joins: string; column: string } | undefined {
  const path = requesterPath(workflow);
  if (!path) return undefined;
  const { steps, field } = resolveJoinPath(entityByName(workflow.entity), path, entityByName);
  let from = 't';
  const joins = steps.map((step, i) => {
    const alias = `j${i + 1}`;
    const clause = `left join ${quote(step.target.table)} ${alias} on ${alias}.id = ${from}.${quote(step.ref.column)}`;
    from = alias;
    return clause;
  });
  return { joins: joins.join(' '), column: `${from}.${quote(field.column)}` };
}

/** The request `t`'s client id, as SQL (null for a type of no client): the inboxes' reads name it on the access log. */
export const clientIdColumn = (entity: string) =>
  clientPathOf(entity) === undefined ? 'null::bigint' : clientIdOf(entity, 't.id');

/** A client id as PostgreSQL answers it (a bigint's text; 0 for a record of no client): null for none. */
export function clientIdValue(value: string | number | null | undefined): number | null {
  const id = Number(value);
  return value !== null && value !== undefined && Number.isSafeInteger(id) && id > 0 ? id : null;
}
