// Workflow routes: each request type's history (`POST <log-resource>/story/{requestId}`, newest first),
// the pending lists the side menu counts (spec part 2 §7), and the open approvals under the four-eyes rule.
import type { FastifyInstance } from 'fastify';
import { WORKFLOWS, entityAccess, entityByName } from '@bank/domain';
import type { Queryable } from '../db/database';
import type { EntityService } from '../engine/entity-service';
import { sendPage } from '../engine/routes';
import { rowsResponse } from '../engine/response-schemas';
import type { FourEyesRule } from './four-eyes';

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
} as const;

/** A request's history is short; this bounds an answer all the same. */
const STORY_LIMIT = '500';

/** The spec's pending-list paths: `<request path>/<name>/{status}` filters the request's status field. */
const PENDING_LISTS = [
  { entity: 'checkbookOrder', name: 'demandStatusChequier', field: 'demandStatus' },
  { entity: 'beneficiary', name: 'beneficiaryStatus', field: 'beneficiaryStatus' },
] as const;

export function registerWorkflowRoutes(
  app: FastifyInstance,
  db: Queryable,
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

  for (const pending of PENDING_LISTS) {
    const entity = entityByName(pending.entity);
    const service = services.get(entity.name)!;
    app.get<{ Params: { status: string }; Querystring: Record<string, string> }>(
      `${entity.path}/${pending.name}/:status`,
      { config: { access: entityAccess(entity.name, 'read') }, schema: { response: rowsResponse(entity) } },
      async (request, reply) =>
        sendPage(
          request,
          reply,
          await service.list({ ...request.query, [`${pending.field}.equals`]: request.params.status }),
        ),
    );
  }
}
