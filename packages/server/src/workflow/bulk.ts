// Bulk decisions (issue 38): `POST core/api/work/decisions` takes up to BULK_DECISION_MAX requests (type,
// id, the version the user saw), one decision and one observation, and decides each in turn through the
// same path as a decision taken alone (the engine's update with the workflow's and the ledger's hooks:
// maker-checker, four eyes, funds and holds, the version), each in its own transaction. One refused does not
// stop the others: the answer says per request what was done or why not.
import type { FastifyInstance } from 'fastify';
import {
  BULK_DECISION_MAX,
  ROUTE_ACCESS,
  WORKFLOWS,
  decisionStatusOf,
  entityAccess,
  hasAnyAuthority,
  workflowOf,
  type BulkDecision,
  type BulkOutcome,
} from '@bank/domain';
import type { EntityService } from '../engine/entity-service';
import { HttpProblem } from '../problem';

interface BulkBody {
  decision: BulkDecision;
  observation: string;
  items: Array<{ entity: string; id: number; version: number }>;
}

const whole = { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER } as const;

const bulkBody = {
  type: 'object',
  required: ['decision', 'observation', 'items'],
  additionalProperties: false,
  properties: {
    decision: { type: 'string', enum: ['validate', 'reject'] },
    observation: { type: 'string', maxLength: 4000 },
    items: {
      type: 'array',
      minItems: 1,
      maxItems: BULK_DECISION_MAX,
      items: {
        type: 'object',
        required: ['entity', 'id', 'version'],
        additionalProperties: false,
        properties: {
          entity: { type: 'string', enum: WORKFLOWS.map((w) => w.entity) },
          id: { ...whole, minimum: 1 },
          version: whole,
        },
      },
    },
  },
} as const;

const outcomes = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      entity: { type: 'string' },
      id: { type: 'integer' },
      done: { type: 'boolean' },
      status: { type: 'string' },
      version: { type: 'integer' },
      refusal: {
        type: 'object',
        properties: { status: { type: 'integer' }, message: { type: 'string' }, detail: { type: 'string' } },
      },
    },
  },
} as const;

export function registerBulkDecisions(app: FastifyInstance, services: Map<string, EntityService>): void {
  app.post<{ Body: BulkBody }>(
    '/core/api/work/decisions',
    { config: { access: ROUTE_ACCESS.entity }, schema: { body: bulkBody, response: { 200: outcomes } } },
    async (request) => {
      const actor = request.user!;
      const { decision, observation, items } = request.body;
      const answer: BulkOutcome[] = [];
      const seen = new Set<string>();
      for (const item of items) {
        const key = `${item.entity}:${item.id}`;
        if (seen.has(key)) continue; // one decision per request
        seen.add(key);
        answer.push(await decideOne(item, decision, observation));
      }
      return answer;

      async function decideOne(
        item: BulkBody['items'][number],
        kind: BulkDecision,
        text: string,
      ): Promise<BulkOutcome> {
        const workflow = workflowOf(item.entity)!;
        const outcome = { entity: item.entity, id: item.id };
        // The roles of the request's own PUT: what the route would have refused, refused here.
        if (!hasAnyAuthority(actor.authorities, entityAccess(item.entity, 'update'))) {
          return {
            ...outcome,
            done: false,
            refusal: { status: 403, message: 'error.http.403', detail: 'Access is denied' },
          };
        }
        const body: Record<string, unknown> = {
          id: item.id,
          version: item.version,
          [workflow.status]: decisionStatusOf(workflow, kind),
        };
        if (workflow.comment) body[workflow.comment] = text;
        try {
          const after = await services.get(item.entity)!.update(item.id, body, actor);
          return { ...outcome, done: true, status: String(after[workflow.status]), version: after.version };
        } catch (error) {
          if (!(error instanceof HttpProblem)) throw error;
          const { appError, message, detail } = error.options;
          return {
            ...outcome,
            done: false,
            refusal: { status: error.status, message: appError?.key ?? message, detail: detail ?? message },
          };
        }
      }
    },
  );
}
