// `GET core/api/work/summary`: the signed-in staff member's queues, inbox and (for the heads of the desk)
// the last 30 days' charts, in one call for the home page (issue 21). A role that decides nothing gets
// empty queues; an account without a staff role is refused like every /entity screen.
import type { FastifyInstance } from 'fastify';
import { ROUTE_ACCESS } from '@bank/domain';
import type { Database } from '../../db/database';
import { WorkSummaries } from './summary';

const text = { type: 'string' } as const;
const count = { type: 'integer' } as const;
// Type lists rather than anyOf: the serializer compiles them to a check, anyOf to a validation per value.
const nullableText = { type: ['string', 'null'] } as const;
const dayCounts = {
  type: 'array',
  items: { type: 'object', properties: { day: text, entity: text, n: count } },
} as const;

const summarySchema = {
  type: 'object',
  properties: {
    slaHours: count,
    queues: {
      type: 'array',
      items: {
        type: 'object',
        properties: { entity: text, count, oldest: nullableText, overSla: count },
      },
    },
    inbox: {
      type: 'array',
      items: {
        type: 'object',
        properties: { entity: text, id: count, client: nullableText, createdAt: text, status: text },
      },
    },
    charts: {
      type: ['object', 'null'],
      properties: {
        from: text,
        received: dayCounts,
        decided: dayCounts,
        byStaff: { type: 'array', items: { type: 'object', properties: { login: text, n: count } } },
      },
    },
  },
} as const;

export function registerWorkRoutes(app: FastifyInstance, db: Database, slaHours: number): void {
  const summaries = new WorkSummaries(db, slaHours);
  app.get(
    '/core/api/work/summary',
    { config: { access: ROUTE_ACCESS.entity }, schema: { response: { 200: summarySchema } } },
    async (request) => summaries.of(request.user!.authorities),
  );
}
