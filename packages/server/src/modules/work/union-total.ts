// The total of a list made of one arm per request type (the checker inbox, « Mes saisies »): each arm
// counted up to `limit` (a lower bound beyond it, never a count of a whole queue), summed in one statement.
import type { Queryable } from '../../db/database';
import type { Params } from '../../engine/list-query';
import { cappedTotal, type Total } from '../../engine/totals';

/** `froms`: each arm's `from … where …`, with its parameters already in `params`. */
export async function unionTotal(
  db: Pick<Queryable, 'query'>,
  froms: readonly string[],
  params: Params,
  limit: number,
): Promise<Total> {
  if (froms.length === 0) return { total: 0, exact: true };
  const cap = params.add(limit);
  const [row] = await db.query<{ n: number }>(
    `select coalesce(sum(n), 0)::bigint as n from (${froms
      .map((from) => `select count(*) as n from (select 1 ${from} limit ${cap}) x`)
      .join('\nunion all\n')}) c`,
    params.values,
  );
  return cappedTotal(Number(row!.n), limit);
}
