// A client's requests of every type, newest first, for the client file: each request table is read by
// the client's reference (requestClientPath) through the index of every ref along the way, and only
// the types the caller may read are read at all.
import type { FastifyInstance } from 'fastify';
import { WORKFLOWS, can, entityAccess, entityByName, requestClientPath, type Entity } from '@bank/domain';
import type { Database } from '../../db/database';
import { quote } from '../../db/schema';
import type { Page } from '../../engine/entity-service';
import { Params, pagingOf, type Query } from '../../engine/list-query';
import { sendPage } from '../../engine/routes';
import { countLimit } from '../../engine/totals';
import { HttpProblem, notFound } from '../../problem';

const clientParams = {
  type: 'object',
  required: ['clientId'],
  properties: { clientId: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
} as const;

const requestsResponse = {
  200: {
    type: 'array',
    items: {
      type: 'object',
      properties: {
        type: { type: 'string' },
        id: { type: 'integer' },
        status: { type: ['string', 'null'] },
        createdAt: { type: ['string', 'null'], format: 'date-time' },
      },
    },
  },
} as const;

/** One request of the client: its type (the request entity's name), id, status and creation time. */
export interface ClientRequest {
  type: string;
  id: number;
  status: string | null;
  createdAt: Date | null;
}

/**
 * The condition "row `t` of `entity` belongs to client `param`": the linked ids found first, one
 * step at a time, so each step reads its ref's index (`= any(array(…))` is one value, computed once).
 */
function belongsToClient(entity: Entity, param: string): string {
  const { steps, clientRef } = requestClientPath(entity.name);
  const alias = (i: number) => (i === 0 ? 't' : `s${i}`);
  let condition = `${alias(steps.length)}.${quote(clientRef.column)} = ${param}`;
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i]!;
    condition = `${alias(i)}.${quote(step.ref.column)} = any(array(select ${alias(i + 1)}.id from ${quote(step.target.table)} ${alias(i + 1)} where ${condition}))`;
  }
  return condition;
}

/** What each request type is read with: its table, the status and creation columns, the client condition. */
const SOURCES = WORKFLOWS.map((workflow) => {
  const entity = entityByName(workflow.entity);
  return {
    entity,
    from: (param: string) => `from ${quote(entity.table)} t where ${belongsToClient(entity, param)}`,
    status: quote(entity.field(workflow.status)!.column),
    createdAt: quote(entity.field('createdAt')!.column),
  };
});

/**
 * A page of the client's requests that `authorities` may read, newest first, and their capped total.
 * Each type gives at most the rows up to the page's end, so a page reads no more than it shows per type.
 */
export async function clientRequests(
  db: Database,
  clientId: number,
  authorities: readonly string[],
  query: Query,
): Promise<Page<ClientRequest>> {
  const { page, size } = pagingOf(query);
  // The order is fixed and nothing filters the list: a sort or a criterion asked for is refused, not
  // silently ignored.
  const unknown = Object.keys(query).find((key) => key !== 'page' && key !== 'size' && query[key] !== undefined);
  if (unknown !== undefined)
    throw new HttpProblem(400, {
      message: 'error.validation',
      detail:
        unknown === 'sort'
          ? "A client's requests are always newest first: sort is not accepted"
          : `A client's requests take page and size only, not ${unknown}`,
      fieldErrors: [{ objectName: 'query', field: unknown, message: 'Unknown' }],
    });
  const readable = SOURCES.filter(({ entity }) => can(authorities, 'read', entity.name));
  if (readable.length === 0) return { rows: [], total: 0, page, size };
  const params = new Params();
  const client = params.add(clientId);
  const reach = params.add((page + 1) * size);
  const branches = readable.map(
    ({ entity, from, status, createdAt }) =>
      `(select '${entity.name}'::text as type, t.id, t.${status}::text as status, t.${createdAt} as created_at
         ${from(client)} order by t.${createdAt} desc nulls last, t.id desc limit ${reach})`,
  );
  const cap = countLimit(page, size);
  const counts = readable.map(({ from }) => `(select count(*) from (select 1 ${from('$1')} limit $2) c)`);
  const [rows, [counted]] = await Promise.all([
    db.query<{ type: string; id: number; status: string | null; created_at: Date | null }>(
      `select * from (${branches.join(' union all ')}) r
        order by r.created_at desc nulls last, r.type, r.id desc limit ${params.add(size)} offset ${params.add(page * size)}`,
      params.values,
    ),
    db.query<{ counts: number[] }>(`select array[${counts.join(', ')}]::int[] as counts`, [clientId, cap]),
  ]);
  // Each type is counted up to the cap: a type that reaches it makes the total a lower bound.
  const perType = counted!.counts.map(Number);
  const exact = perType.every((n) => n < cap);
  return {
    rows: rows.map<ClientRequest>((row) => ({
      type: row.type,
      id: Number(row.id),
      status: row.status,
      createdAt: row.created_at,
    })),
    total: perType.reduce((sum, n) => sum + Math.min(n, cap - 1), 0),
    ...(exact ? {} : { exact: false }),
    page,
    size,
  };
}

export function registerClientRequestRoutes(app: FastifyInstance, db: Database): void {
  const clients = entityByName('client');
  app.get<{ Params: { clientId: number }; Querystring: Query }>(
    '/core/api/clients/:clientId/requests',
    {
      config: { access: entityAccess('client', 'read') },
      schema: { params: clientParams, response: requestsResponse },
    },
    async (request, reply) => {
      const { clientId } = request.params;
      const [found] = await db.query(`select 1 from ${quote(clients.table)} where id = $1`, [clientId]);
      if (!found) throw notFound(`No client with id ${clientId}`);
      return sendPage(request, reply, await clientRequests(db, clientId, request.user!.authorities, request.query));
    },
  );
}
