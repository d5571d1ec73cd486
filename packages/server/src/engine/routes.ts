// Generic REST for every entity of the registry, at its spec path: list, get, create, update,
// delete and `_search`. One registration loop; each route declares the roles of the access matrix.
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteGenericInterface,
  RouteShorthandOptions,
} from 'fastify';
import { APP_HEADERS, ENTITIES, dropEmptyRefs, entityAccess, entityBodySchema, type Entity } from '@bank/domain';
import type { Database } from '../db/database';
import { EntityService, type EntityHooks, type Page } from './entity-service';
import { registerListExport, type PageOf } from './export';
import type { Query } from './list-query';
import { rowResponse, rowsResponse } from './response-schemas';

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
} as const;

/**
 * Sets X-Total-Count and the Link header (first, prev, next, last) of a page. When the total is a
 * lower bound (`exact: false`), X-Total-Count-Exact says so, `next` is always there and `last` is not.
 */
export function sendPage<T>(request: FastifyRequest, reply: FastifyReply, page: Page<T>) {
  const url = new URL(request.url, 'http://local');
  const exact = page.exact !== false;
  const last = Math.max(0, Math.ceil(page.total / page.size) - 1);
  // Each link is the query with `page` and `size` set. A set on `url.searchParams` re-serialises the whole
  // URL: the query is set apart and serialised once, and only its `page` pair is rewritten per link (a
  // serialised pair never holds `&`).
  const query = new URLSearchParams(url.search);
  query.set('page', '0');
  query.set('size', String(page.size));
  const pairs = query.toString().split('&');
  const at = [...query.keys()].indexOf('page');
  const link = (p: number, rel: string) => {
    pairs[at] = `page=${p}`;
    return `<${url.pathname}?${pairs.join('&')}>; rel="${rel}"`;
  };
  const links = [link(0, 'first')];
  if (page.page > 0) links.push(link(exact ? Math.min(page.page - 1, last) : page.page - 1, 'prev'));
  if (!exact || page.page < last) links.push(link(page.page + 1, 'next'));
  if (exact) links.push(link(last, 'last'));
  else reply.header(APP_HEADERS.totalCountExact, 'false');
  return reply.header(APP_HEADERS.totalCount, String(page.total)).header('link', links.join(', ')).send(page.rows);
}

/**
 * A list route (`GET url`, a page with its total and links) and its export (`GET url/export`, an xlsx
 * file of every row its filter selects): both read their pages through `pageOf`, with the same access.
 * @example listRoute(app, '/core/api/clients', { config, schema }, client, (_request, query) => clients.list(query))
 */
export function listRoute<R extends RouteGenericInterface>(
  app: FastifyInstance,
  url: string,
  options: RouteShorthandOptions,
  entity: Entity,
  pageOf: PageOf<R>,
): void {
  app.get(url, options, async (request, reply) => {
    const typed = request as FastifyRequest<R>;
    return sendPage(request, reply, await pageOf(typed, typed.query));
  });
  registerListExport(app, url, options, entity, pageOf);
}

const alert = (reply: FastifyReply, action: 'created' | 'updated' | 'deleted', entity: Entity, id: number) =>
  reply.header(APP_HEADERS.alert, `entity.${action}`).header(APP_HEADERS.params, `${entity.name},${id}`);

/** Registers the routes of every entity; `hooksOf` gives an entity's named exceptions (workflow...). */
export function registerEntityRoutes(
  app: FastifyInstance,
  db: Database,
  hooksOf: (entity: Entity) => EntityHooks | undefined,
): Map<string, EntityService> {
  const services = new Map<string, EntityService>();
  for (const entity of ENTITIES) {
    const service = new EntityService(entity, db, hooksOf(entity));
    services.set(entity.name, service);
    const body = entityBodySchema(entity);
    const updateBody = entityBodySchema(entity, 'update');
    // The spec's rule on empty nested ids applies before validation, so `{ id: -1 }` means "none".
    const preValidation = async (request: FastifyRequest) => {
      if (request.body && typeof request.body === 'object')
        dropEmptyRefs(entity, request.body as Record<string, unknown>);
    };
    const read = { access: entityAccess(entity.name, 'read') };
    const rows = { response: rowsResponse(entity) };
    const row = rowResponse(entity);

    listRoute<{ Querystring: Query }>(app, entity.path, { config: read, schema: rows }, entity, (_request, query) =>
      service.list(query),
    );

    listRoute<{ Querystring: Query & { query?: string } }>(
      app,
      `/${entity.apiBase}/_search/${entity.resource}`,
      { config: read, schema: rows },
      entity,
      (_request, { query: text = '', ...rest }) =>
        typeof text === 'string' && text.trim() !== '' ? service.search(text, rest) : service.list(rest),
    );

    app.get<{ Params: { id: number } }>(
      `${entity.path}/:id`,
      { config: read, schema: { params: idParams, response: row } },
      (request) => service.get(request.params.id),
    );

    // The write policy gives some writes to nobody (history, security records): no route, so no way in.
    const create = entityAccess(entity.name, 'create');
    const update = entityAccess(entity.name, 'update');
    const remove = entityAccess(entity.name, 'delete');

    if (create.length > 0)
      app.post<{ Body: Record<string, unknown> }>(
        entity.path,
        {
          config: { access: create, entity: entity.name },
          schema: { body, response: rowResponse(entity, 201) },
          preValidation,
        },
        async (request, reply) => {
          const created = await service.create(request.body, request.user!);
          alert(reply, 'created', entity, created.id);
          return reply.code(201).header('location', `${entity.path}/${created.id}`).send(created);
        },
      );

    if (update.length > 0)
      app.put<{ Params: { id: number }; Body: Record<string, unknown> }>(
        `${entity.path}/:id`,
        {
          config: { access: update, entity: entity.name },
          schema: { params: idParams, body: updateBody, response: row },
          preValidation,
        },
        async (request, reply) => {
          const updated = await service.update(request.params.id, request.body, request.user!);
          alert(reply, 'updated', entity, updated.id);
          return updated;
        },
      );

    if (remove.length > 0)
      app.delete<{ Params: { id: number } }>(
        `${entity.path}/:id`,
        { config: { access: remove }, schema: { params: idParams } },
        async (request, reply) => {
          await service.remove(request.params.id);
          alert(reply, 'deleted', entity, request.params.id);
          return reply.code(204).send();
        },
      );
  }
  return services;
}
