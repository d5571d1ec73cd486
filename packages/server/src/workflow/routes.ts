// Workflow routes: each request type's history (`POST <log-resource>/story/{requestId}`, newest first),
// its counts per status, the pending lists the side menu counts (spec part 2 §7), and under the four-eyes
// rule the open approvals and the queue of requests waiting for a second validation.
import type { FastifyInstance } from 'fastify';
import { ENUMS, WORKFLOWS, entityAccess, entityByName } from '@bank/domain';
import type { Database } from '../db/database';
import type { EntityService } from '../engine/entity-service';
import { filterText, requestListCriteria } from '../engine/filter-params';
import type { Params, Query } from '../engine/list-query';
import { listRoute } from '../engine/routes';
import { rowsResponse } from '../engine/response-schemas';
import { rowCountsOf } from '../engine/totals';
import type { FourEyesRule } from './four-eyes';

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
} as const;

/** Up to 100 request ids, comma-separated (a list page's rows). */
const idsQuery = {
  type: 'object',
  required: ['ids'],
  properties: { ids: { type: 'string', pattern: '^[1-9][0-9]{0,14}(,[1-9][0-9]{0,14}){0,99}$' } },
} as const;

const countsResponse = (statuses: readonly string[]) =>
  ({
    type: 'object',
    required: ['statuses', 'total'],
    properties: {
      statuses: {
        type: 'object',
        required: [...statuses],
        properties: Object.fromEntries(statuses.map((status) => [status, { type: 'integer' }])),
        additionalProperties: false,
      },
      total: { type: 'integer' },
      secondValidation: { type: 'integer' },
    },
  }) as const;

/** A request's history is short; this bounds an answer all the same. */
const STORY_LIMIT = '500';

/** The spec's pending-list paths: `<request path>/<name>/{status}` filters the request's status field. */
const PENDING_LISTS = [
  { entity: 'checkbookOrder', name: 'demandStatusChequier', field: 'demandStatus' },
  { entity: 'beneficiary', name: 'beneficiaryStatus', field: 'beneficiaryStatus' },
] as const;

export function registerWorkflowRoutes(
  app: FastifyInstance,
  db: Database,
  services: Map<string, EntityService>,
  fourEyesRules: ReadonlyMap<string, FourEyesRule>,
): void {
  for (const workflow of WORKFLOWS) {
    const log = entityByName(workflow.log.entity);
    const service = services.get(log.name)!;
    app.post<{ Params: { id: number } }>(
      `${log.path}/story/:id`,
      { config: { access: entityAccess(log.name, 'read') }, schema: { params: idParams, response: rowsResponse(log) } },
      async (request) => {
        const page = await service.list({
          [`${workflow.log.request}.equals`]: String(request.params.id),
          sort: ['createdAt,desc', 'id,desc'],
          size: STORY_LIMIT,
        });
        return page.rows;
      },
    );
  }

  // `GET <request path>/{id}/approvals`: whether the request needs two validations, and those given so far.
  for (const [name, rule] of fourEyesRules) {
    const entity = entityByName(name);
    const service = services.get(name)!;
    app.get<{ Params: { id: number } }>(
      `${entity.path}/:id/approvals`,
      { config: { access: entityAccess(name, 'read'), entity: name }, schema: { params: idParams } },
      async (request) => {
        const row = await service.get(request.params.id);
        return { required: rule.applies(row), approvals: await rule.approvals(db, row) };
      },
    );
  }

  // `GET <request path>/status-counts`: the rows per status from the row counters (never a count of the
  // table), their sum, and under the four-eyes rule how many wait for this viewer's second validation.
  for (const workflow of WORKFLOWS) {
    const entity = entityByName(workflow.entity);
    const statuses = ENUMS[entity.field(workflow.status)!.enum!].values;
    const rule = fourEyesRules.get(entity.name);
    const service = services.get(entity.name)!;
    app.get(
      `${entity.path}/status-counts`,
      {
        config: { access: entityAccess(entity.name, 'read') },
        schema: { response: { 200: countsResponse(statuses) } },
      },
      async (request) => {
        const [counted, second] = await Promise.all([
          rowCountsOf(db).byStatus(entity.table),
          rule &&
            service.list({ size: '1' }, { extraWhere: (params) => [rule.awaitingSecond(params, request.user!.login)] }),
        ]);
        const byStatus = Object.fromEntries(statuses.map((status) => [status, counted.get(status) ?? 0]));
        return {
          statuses: byStatus,
          total: Object.values(byStatus).reduce((sum, n) => sum + n, 0),
          ...(second ? { secondValidation: second.total } : {}),
        };
      },
    );
  }

  for (const [name, rule] of fourEyesRules) {
    const entity = entityByName(name);
    const service = services.get(name)!;
    const read = { access: entityAccess(name, 'read') };
    // The requests waiting for a second validation that this viewer may give (not those they approved
    // first), oldest first unless sorted otherwise; criteria and paging as on the plain list, and the
    // filters of the request lists: creation days, reference, and the search text of the cash lists.
    listRoute<{ Querystring: Query & Record<'startdate' | 'enddate' | 'id' | 'query', string | undefined> }>(
      app,
      `${entity.path}/second-validation`,
      { config: read, schema: { response: rowsResponse(entity) } },
      entity,
      (request, { startdate, enddate, id, query, ...rest }) => {
        const criteria = { ...rest, ...requestListCriteria({ startdate, enddate, id }) };
        const awaiting = { extraWhere: (params: Params) => [rule.awaitingSecond(params, request.user!.login)] };
        const text = filterText(query);
        return text
          ? service.search(text, criteria, awaiting)
          : service.list(criteria, { ...awaiting, defaultSort: 'createdAt,asc' });
      },
    );
    // The open approvals of a list's rows (`?ids=1,2,3`), so that a row can say "1/2 — validé par …".
    app.get<{ Querystring: { ids: string } }>(
      `${entity.path}/open-approvals`,
      { config: read, schema: { querystring: idsQuery } },
      async (request) => {
        const ids = [...new Set(request.query.ids.split(',').map(Number))];
        return Object.fromEntries(await rule.openApprovals(db, ids));
      },
    );
  }

  for (const pending of PENDING_LISTS) {
    const entity = entityByName(pending.entity);
    const service = services.get(entity.name)!;
    listRoute<{ Params: { status: string }; Querystring: Record<string, string> }>(
      app,
      `${entity.path}/${pending.name}/:status`,
      { config: { access: entityAccess(entity.name, 'read') }, schema: { response: rowsResponse(entity) } },
      entity,
      (request, query) => service.list({ ...query, [`${pending.field}.equals`]: request.params.status }),
    );
  }
}
