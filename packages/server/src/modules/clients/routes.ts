// The client file (spec part 1 §2.4, §2.6): staff client search, a client's accounts and notification
// users, and the notification service that changes a user's phone number and subscribed operations.
import type { FastifyInstance } from 'fastify';
import { entityAccess, entityByName } from '@bank/domain';
import { quote } from '../../db/schema';
import type { Actor, EntityService } from '../../engine/entity-service';
import { Params, likeEscape, type Query } from '../../engine/list-query';
import { listRoute } from '../../engine/routes';
import { rowsResponse } from '../../engine/response-schemas';
import { HttpProblem } from '../../problem';

const clientIdParams = {
  type: 'object',
  required: ['clientId'],
  properties: { clientId: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
} as const;
const serenityUserParams = {
  type: 'object',
  required: ['serenityUserId'],
  properties: { serenityUserId: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
} as const;

/** The operations a notification user can subscribe to (the five booleans of the spec). */
export const NOTIFICATION_OPERATIONS = ['paiement', 'retrait', 'salaire', 'versement', 'virement'] as const;

const subscriptionBody = {
  type: 'object',
  required: ['phoneNumber'],
  additionalProperties: false,
  properties: {
    id: { type: ['integer', 'null'] },
    phoneNumber: { type: 'string', minLength: 1, maxLength: 30, pattern: '\\S' },
    ...Object.fromEntries(NOTIFICATION_OPERATIONS.map((op) => [op, { type: 'boolean' }])),
  },
} as const;

const column = (entity: string, field: string) => quote(entityByName(entity).field(field)!.column);
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

export function registerClientFileRoutes(app: FastifyInstance, services: Map<string, EntityService>): void {
  const clients = services.get('client')!;
  const accounts = services.get('bankAccount')!;
  const serenityUsers = services.get('serenityUser')!;
  const subscriptions = services.get('notificationSubscription')!;
  const readClients = { access: entityAccess('client', 'read') };

  const clientRows = { response: rowsResponse(clients.entity) };

  listRoute<{ Querystring: Query }>(
    app,
    '/core/api/clients/getAllPageable',
    { config: readClients, schema: clientRows },
    clients.entity,
    (_request, query) => clients.list(query),
  );

  // DESIGN.md §5: the filters apply whatever is filled; an empty form is the plain list.
  listRoute<{ Querystring: Query & Record<'name' | 'email' | 'reference' | 'rib' | 'type', string | undefined> }>(
    app,
    '/core/api/_search/clients/filtre',
    { config: readClients, schema: clientRows },
    clients.entity,
    (_request, { name, email, reference, rib, type, ...rest }) =>
      clients.list(rest, {
        extraWhere: (params: Params) => {
          const where: string[] = [];
          const contains = (value: string) => params.add(`%${likeEscape(value)}%`);
          if (text(name))
            where.push(`search_fold(t.${column('client', 'name')}) like search_fold(${contains(text(name))}::text)`);
          if (text(email)) where.push(`t.${column('client', 'email')} ilike ${contains(text(email))}`);
          if (text(reference)) where.push(`t.${column('client', 'clientCode')} ilike ${contains(text(reference))}`);
          if (text(type)) where.push(`t.${column('client', 'clientType')} = ${params.add(text(type).toUpperCase())}`);
          if (text(rib)) {
            const pattern = contains(text(rib).replace(/\s+/g, ''));
            where.push(
              `exists (select 1 from ${quote(entityByName('bankAccount').table)} b where b.${column('bankAccount', 'clientId')} = t.id
                 and (b.${column('bankAccount', 'iban')} ilike ${pattern} or b.${column('bankAccount', 'bankAccountNumber')} ilike ${pattern}))`,
            );
          }
          return where;
        },
      }),
  );

  listRoute<{ Params: { clientId: number }; Querystring: Query }>(
    app,
    '/core/api/bank-accounts/client/:clientId',
    {
      config: { access: entityAccess('bankAccount', 'read') },
      schema: { params: clientIdParams, response: rowsResponse(accounts.entity) },
    },
    accounts.entity,
    (request, query) => accounts.list({ ...query, 'clientId.equals': String(request.params.clientId) }),
  );

  app.get<{ Params: { clientId: number } }>(
    '/core/api/serenity-users/info/:clientId',
    {
      config: { access: entityAccess('serenityUser', 'read') },
      schema: { params: clientIdParams, response: rowsResponse(serenityUsers.entity) },
    },
    async (request) =>
      (await serenityUsers.list({ 'clientId.equals': String(request.params.clientId), size: '1000' })).rows,
  );

  app.get(
    '/core/api/notification/services',
    { config: { access: entityAccess('notificationSubscription', 'read') } },
    async () => NOTIFICATION_OPERATIONS.map((key) => ({ key })),
  );

  app.get<{ Params: { serenityUserId: number } }>(
    '/core/api/notification/subscriptions/:serenityUserId',
    { config: { access: entityAccess('notificationSubscription', 'read') }, schema: { params: serenityUserParams } },
    async (request) => {
      const user = await serenityUsers.get(request.params.serenityUserId);
      const [current] = (await subscriptions.list({ 'serenityUserId.equals': String(user.id) })).rows;
      return current
        ? pickSubscription(current)
        : {
            id: null,
            phoneNumber: user.telephone ?? '',
            ...Object.fromEntries(NOTIFICATION_OPERATIONS.map((op) => [op, false])),
          };
    },
  );

  app.put<{ Params: { serenityUserId: number }; Body: Record<string, unknown> }>(
    '/core/api/notification/subscriptions/:serenityUserId',
    {
      config: { access: entityAccess('notificationSubscription', 'update') },
      schema: { params: serenityUserParams, body: subscriptionBody },
    },
    async (request) => {
      const serenityUserId = request.params.serenityUserId;
      await serenityUsers.get(serenityUserId); // 404 for an unknown user
      const values = {
        serenityUserId,
        phoneNumber: text(request.body.phoneNumber),
        ...Object.fromEntries(NOTIFICATION_OPERATIONS.map((op) => [op, request.body[op] === true])),
      };
      const [current] = (await subscriptions.list({ 'serenityUserId.equals': String(serenityUserId) })).rows;
      if (current && request.body.id !== undefined && request.body.id !== null && request.body.id !== current.id) {
        throw new HttpProblem(400, { message: 'error.idinvalid', detail: 'This subscription belongs to another user' });
      }
      const saved = current
        ? await subscriptions.update(
            current.id,
            { ...values, id: current.id, version: current.version },
            request.user as Actor,
          )
        : await subscriptions.create(values, request.user as Actor);
      return pickSubscription(saved);
    },
  );
}

function pickSubscription(row: Record<string, unknown>) {
  return {
    id: row.id,
    phoneNumber: row.phoneNumber,
    ...Object.fromEntries(NOTIFICATION_OPERATIONS.map((op) => [op, row[op]])),
  };
}
