// `GET core/api/work/summary`: the signed-in staff member's queues, inbox and (for the heads of the desk)
// the last 30 days' charts, in one call for the home page (issue 21); `work/filed`, the requests they filed. A role that decides nothing gets
// empty queues; an account without a staff role is refused like every /entity screen.
import type { FastifyInstance } from 'fastify';
import { PENDING_COUNTS, ROUTE_ACCESS } from '@bank/domain';
import type { Database } from '../../db/database';
import { pagingOf, type Query } from '../../engine/list-query';
import { invalidFilter } from '../../engine/filter-params';
import { sendPage } from '../../engine/routes';
import type { FourEyesRule } from '../../workflow/four-eyes';
import { FiledRequests } from './filed';
import { CheckerInbox, type InboxFilter } from './inbox';
import { pendingCounts } from './pending-counts';
import { WorkSummaries } from './summary';

const text = { type: 'string' } as const;
const count = { type: 'integer' } as const;
// Type lists rather than anyOf: the serializer compiles them to a check, anyOf to a validation per value.
const nullableText = { type: ['string', 'null'] } as const;
const nullableCount = { type: ['integer', 'null'] } as const;
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
        properties: {
          entity: text,
          id: count,
          client: nullableText,
          clientId: nullableCount,
          createdAt: text,
          status: text,
        },
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

const whole = (maximum: number) => ({ type: 'integer', minimum: 0, maximum }) as const;
const paging = { page: whole(10_000_000), size: { type: 'integer', minimum: 1, maximum: 1000 } } as const;

const inboxQuery = {
  type: 'object',
  properties: {
    type: { type: 'string', maxLength: 50 },
    maker: { type: 'string', minLength: 1, maxLength: 100 },
    minAmount: whole(Number.MAX_SAFE_INTEGER),
    maxAmount: whole(Number.MAX_SAFE_INTEGER),
    olderThanHours: whole(1_000_000),
    second: { type: 'boolean' },
  },
} as const;

const inboxRows = {
  type: 'array',
  items: {
    type: 'object',
    properties: {
      entity: text,
      id: count,
      version: count,
      createdAt: nullableText,
      status: text,
      client: nullableText,
      clientId: nullableCount,
      maker: nullableText,
      amount: nullableText,
      secondValidation: { type: 'boolean' },
    },
  },
} as const;

const filedRows = {
  type: 'array',
  items: {
    type: 'object',
    properties: { entity: text, id: count, createdAt: text, status: text, client: nullableText, amount: nullableText },
  },
} as const;

const countsSchema = {
  type: 'object',
  properties: {
    pending: {
      type: 'object',
      properties: Object.fromEntries(Object.keys(PENDING_COUNTS).map((key) => [key, count])),
    },
    inbox: { type: 'object', properties: { total: count, exact: { type: 'boolean' }, secondValidation: count } },
  },
} as const;

export function registerWorkRoutes(
  app: FastifyInstance,
  db: Database,
  slaHours: number,
  fourEyesRules: ReadonlyMap<string, FourEyesRule>,
): void {
  const summaries = new WorkSummaries(db, slaHours);
  const inbox = new CheckerInbox(db, fourEyesRules);
  const filed = new FiledRequests(db, fourEyesRules);
  const staff = { access: ROUTE_ACCESS.entity };
  app.get('/core/api/work/summary', { config: staff, schema: { response: { 200: summarySchema } } }, async (request) =>
    summaries.of(request.user!.authorities),
  );

  // « À décider »: a page of what awaits this viewer's decision, oldest first, filtered.
  app.get<{ Querystring: Query & InboxFilter }>(
    '/core/api/work/inbox',
    { config: staff, schema: { querystring: inboxQuery, response: { 200: inboxRows } } },
    async (request, reply) => {
      const { type, maker, minAmount, maxAmount, olderThanHours, second, sort } = request.query;
      // Oldest first, always: an order asked for would be ignored, so it is refused.
      if (sort !== undefined) throw invalidFilter('sort', 'The inbox is always oldest first');
      if (type !== undefined && !inbox.typesOf(request.user!.authorities).includes(type)) {
        throw invalidFilter('type', 'type must be a request type you decide');
      }
      const filter = {
        type,
        maker: maker?.trim().toLowerCase() || undefined,
        minAmount,
        maxAmount,
        olderThanHours,
        second,
      };
      const { page, size } = pagingOf(request.query);
      return sendPage(request, reply, await inbox.page(request.user!, filter, page, size));
    },
  );

  // « Mes saisies »: a page of what this viewer filed, of every type, newest first.
  app.get<{ Querystring: Query }>(
    '/core/api/work/filed',
    {
      config: staff,
      schema: {
        querystring: { type: 'object', additionalProperties: false, properties: paging },
        response: { 200: filedRows },
      },
    },
    async (request, reply) => {
      const { page, size } = pagingOf(request.query);
      return sendPage(request, reply, await filed.page(request.user!.login, page, size));
    },
  );

  // The side menu's figures: every request list's queue (the row counters) and this viewer's inbox.
  app.get('/core/api/work/counts', { config: staff, schema: { response: { 200: countsSchema } } }, async (request) => {
    const [pending, all, second] = await Promise.all([
      pendingCounts(db),
      inbox.total(request.user!, {}),
      inbox.total(request.user!, { second: true }),
    ]);
    return { pending, inbox: { ...all, secondValidation: second.total } };
  });
}
