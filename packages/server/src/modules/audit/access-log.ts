// Who saw what: every staff read of client data (issue 12, issue 37) appends a row to access_log before the
// answer leaves, so an acknowledged read is on record even if this server crashes. A read of one record (a
// client file, an account, a transfer) names it; a list, search, filter or export names its rows' ids, or
// their count and the query when there are more than the log keeps. Which routes are reads of client data
// comes from the registry: a route answering rows of an entity whose rows are a client's (domain:
// clientPathOf), and the few listed below. The table refuses updates and deletes and is hash-chained
// (migration 0031; its sealer takes its rows, 0043); administrators search it at management/access-log.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { ROUTE_ACCESS, clientPathOf, entityByName, type Field } from '@bank/domain';
import type { Database } from '../../db/database';
import { sendPage } from '../../engine/routes';
import { rowsEntityOf } from '../../engine/response-schemas';
import { MAX_PAGE_SIZE, Params, orderOf, pagingOf, type Column, type Query } from '../../engine/list-query';
import { AccessLogWriter, findsClients, type Subject } from './access-log-writer';

export interface ClientRead {
  /** What the staff member read, as the log shows it. */
  what: string;
  /** The entity of the rows the answer carries: their ids are recorded when `subject` names no record. */
  rows?: string;
  /** The one record read, known before the read runs; undefined for a list or a search. */
  subject?(request: FastifyRequest): { entity: Subject; id: number } | undefined;
  /** The rows answered, when they are not the answer itself: each with its `id` and, for rows of several entities, its `clientId`. */
  ids?(payload: unknown): unknown[];
  /** A list's export (engine/export.ts): a file, recorded by the export itself once its rows are written. */
  export?: true;
}

const whole = (value: unknown) => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
};
const fromParam =
  (entity: Subject, name: string) =>
  (request: FastifyRequest): { entity: Subject; id: number } | undefined => {
    const id = whole((request.params as Record<string, unknown>)[name]);
    return id ? { entity, id } : undefined;
  };
const fromQuery =
  (entity: Subject, name: string) =>
  (request: FastifyRequest): { entity: Subject; id: number } | undefined => {
    const id = whole((request.query as Record<string, unknown>)[name]);
    return id ? { entity, id } : undefined;
  };

/**
 * The reads of client data whose answer says less than its route's schema: by route (`METHOD url` as
 * registered). Every other route answering rows of client data is found from its response schema.
 */
const CLIENT_READS = new Map<string, ClientRead>([
  ['GET /core/api/clients/:id', { what: 'client', subject: fromParam('client', 'id') }],
  ['GET /core/api/bank-accounts/client/:clientId', { what: 'accounts', subject: fromParam('client', 'clientId') }],
  [
    'GET /core/api/serenity-users/info/:clientId',
    { what: 'notification-users', subject: fromParam('client', 'clientId') },
  ],
  ['GET /core/api/clients/:clientId/requests', { what: 'requests', subject: fromParam('client', 'clientId') }],
  ['GET /core/api/bank-accounts/:id', { what: 'account', subject: fromParam('bankAccount', 'id') }],
  [
    'GET /core/api/transactions/_search/modal',
    { what: 'transactions', rows: 'transaction', subject: fromQuery('bankAccount', 'bankaccount') },
  ],
  [
    'GET /core/api/transactions/_search/bankaccount',
    { what: 'transactions', rows: 'transaction', subject: fromQuery('bankAccount', 'bankaccount') },
  ],
  ['GET /core/api/transactions/:id', { what: 'transaction', subject: fromParam('transaction', 'id') }],
  [
    'GET /core/api/criterial_search/transfers',
    {
      what: 'transfers',
      rows: 'transfer',
      // An account's or a client's transfers name it; the manager queue spans every client: its rows.
      subject: (request) =>
        fromQuery('bankAccount', 'bankaccount')(request) ?? fromQuery('client', 'clientId')(request),
    },
  ],
  ['GET /core/api/transfers/:id', { what: 'transfer', subject: fromParam('transfer', 'id') }],
  ['GET /core/api/_search/clients/quick', { what: '_search/clients/quick', rows: 'client' }],
  [
    'GET /core/api/_search/ClientSubscription/filtre',
    { what: '_search/ClientSubscription/filtre', rows: 'clientSubscription' },
  ],
  ['GET /core/api/subscription-requests/filtre', { what: 'subscription-requests/filtre', rows: 'subsRequest' }],
  [
    'GET /core/api/notification/subscriptions/:serenityUserId',
    { what: 'notification-subscriptions', subject: fromParam('serenityUser', 'serenityUserId') },
  ],
  // The home page's inbox: requests of several types, each with its client.
  [
    'GET /core/api/work/summary',
    { what: 'work/summary', rows: 'work', ids: (payload) => (payload as { inbox?: unknown[] })?.inbox ?? [] },
  ],
  // The checker inbox: requests of several types, whom each is for and who filed it.
  ['GET /core/api/work/inbox', { what: 'work/inbox', rows: 'work' }],
  // « Mes saisies »: the requests the viewer filed, of several types, and whom each is for.
  ['GET /core/api/work/filed', { what: 'work/filed', rows: 'work' }],
]);

/**
 * The routes under core/api and api that answer no client data, and why: the access-log test fails on a
 * route that is in neither list nor found from its schema.
 */
export const NOT_CLIENT_DATA: Readonly<Record<string, string>> = {
  'GET /core/api/events': 'an event stream of changes: resource, id and login, never a row',
  'GET /core/api/presence/:resource': 'who has which forms open: staff logins',
  'GET /core/api/presence/:resource/:id': 'who has the form open: staff logins',
  'GET /core/api/notification/services': 'the fixed list of notification operations',
  'GET /api/account': "the staff member's own account",
  'GET /api/account/sessions': "the staff member's own sessions",
  'GET /api/account/mfa': "the staff member's own second factor",
  'GET /api/account/preferences': "the staff member's own list layouts and saved filters (their own search text)",
  'GET /api/account/preferences/:key': "one of the staff member's own preferences",
  'GET /api/account/notifications':
    "the staff member's own notifications: a request's type, number and decision, never whom it is for",
  'GET /api/activate': 'account activation by key',
  'GET /api/users': 'staff accounts',
  'GET /api/users/nopagination': 'staff accounts',
  'GET /api/users/authorities': 'the roles',
  'GET /api/users/:login': 'a staff account',
  'GET /api/gateway/routes': 'the route table and instances',
  'GET /core/api/work/counts': 'counts of waiting requests',
};
/** Routes whose answer is counts or approvals of a request type (not its rows). */
const NOT_CLIENT_DATA_SUFFIXES = ['/status-counts', '/open-approvals'];

export const notClientData = (key: string) =>
  Object.hasOwn(NOT_CLIENT_DATA, key) || NOT_CLIENT_DATA_SUFFIXES.some((suffix) => key.endsWith(suffix));

/** What a route's URL reads, for the log: its path under the API base (`_search/clients`). */
const whatOf = (url: string) => url.replace(/^\/(core\/)?api\//, '').slice(0, 40);

/**
 * The read of client data a route makes, if any: listed above, or found from the rows its answer carries
 * (a GET, or a POST answering 200 such as a request's story). A read by id of such an entity names it.
 * @example clientReadOf({ method: 'GET', url: '/core/api/clients', schema: { response: rowsResponse(client) } })
 */
export function clientReadOf(
  route: Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config'>,
): ClientRead | undefined {
  const method = [route.method].flat()[0];
  const listed = CLIENT_READS.get(`${method} ${route.url}`);
  if (listed) return listed;
  const exported = (route.config as { exportOf?: string } | undefined)?.exportOf;
  if (exported !== undefined)
    return clientPathOf(exported) === undefined ? undefined : { what: whatOf(route.url), rows: exported, export: true };
  if (method !== 'GET' && method !== 'POST') return undefined;
  const entity = rowsEntityOf(route.schema?.response);
  if (entity !== undefined && clientPathOf(entity) !== undefined) {
    const byId = route.url === `${entityByName(entity).path}/:id`;
    return { what: whatOf(route.url), rows: entity, ...(byId ? { subject: fromParam(entity, 'id') } : {}) };
  }
  // A request's approvals (four eyes): the request named by the route.
  const named = (route.config as { entity?: string } | undefined)?.entity;
  if (method === 'GET' && named && route.url.endsWith('/:id/approvals') && clientPathOf(named) !== undefined)
    return { what: whatOf(route.url), subject: fromParam(named, 'id') };
  return undefined;
}

/**
 * A list's ids (and its rows' clients) kept at most: a whole page, so that searching the log by client
 * finds a bulk read too; only an export runs longer, and is recorded by its count and its query.
 */
export const MAX_LOGGED_IDS = MAX_PAGE_SIZE;

/**
 * On PostgreSQL the log writes through a connection of its own, with asynchronous commit: a batch's
 * commit returns once PostgreSQL holds it, without waiting for the disk flush, which PostgreSQL's WAL
 * writer makes within a fraction of a second (wal_writer_delay). So an acknowledged read is on record
 * through a crash or kill of this server, which is what the log must survive; only a crash of the
 * database machine within that fraction could lose its last rows. Waiting for a flush per batch cost
 * the client file 42 % of its throughput on this machine's disk (about 1 ms per fdatasync), against
 * the 10 %; and the reads keep the whole pool, the log's connection being its own.
 * `record: false` (ACCESS_LOG=off) serves the log but writes nothing: the bench's baseline only.
 */
export async function registerAccessLog(app: FastifyInstance, db: Database, record: boolean): Promise<void> {
  registerAccessLogRoute(app, db);
  app.decorate('accessLogReads', new Map<string, ClientRead>());
  if (!record) {
    app.decorate('recordExport', async () => {});
    app.log.warn('ACCESS_LOG=off: staff reads of client data are not recorded');
    return;
  }
  // PGlite is one backend: its reads and the log's batches take turns on it.
  if (!db.openSibling) return registerAccessLogHook(app, new AccessLogWriter(db));
  // Its statements planned once: PostgreSQL kept planning the small batches of a busy server for their
  // values (~0.4 ms a batch, as much as the insert and its evidence), for a plan that is always the same
  // (the batch's rows, each looked up by primary key).
  const own = await db.openSibling(1, { synchronous_commit: 'off', plan_cache_mode: 'force_generic_plan' });
  app.addHook('onClose', () => own.close());
  registerAccessLogHook(app, new AccessLogWriter(own));
}

const RECORDING = Symbol('access-log recording');
declare module 'fastify' {
  interface FastifyRequest {
    [RECORDING]?: Promise<void>;
  }
  interface FastifyInstance {
    /** The reads of client data on record, by route (`METHOD url`): what the access-log test walks. */
    accessLogReads: Map<string, ClientRead>;
    /**
     * Records an export of client data (its route's read): its rows' count, their ids when no more than
     * MAX_LOGGED_IDS, and the query. Resolves once on record; records nothing for other data.
     */
    recordExport(request: FastifyRequest, ids: readonly number[]): Promise<void>;
  }
}

function registerAccessLogHook(app: FastifyInstance, writer: AccessLogWriter): void {
  const reads = app.accessLogReads;
  const entryOf = (request: FastifyRequest, read: ClientRead) => ({
    login: request.user!.login,
    authorities: request.user!.authorities.join(','),
    what: read.what,
    requestId: String(request.id),
    clientIp: request.ip,
  });
  // A list's record: its rows' ids (or their count) and its query.
  const listEntry = (
    request: FastifyRequest,
    read: ClientRead,
    ids: readonly number[],
    count: number,
    clients?: ReadonlySet<number>,
  ) => {
    const at = request.url.indexOf('?');
    return {
      ...entryOf(request, read),
      subject: read.rows!,
      subjectId: null,
      subjectIds: ids.length <= MAX_LOGGED_IDS ? `{${ids.join(',')}}` : null,
      rowCount: count,
      query: at < 0 ? null : request.url.slice(at + 1, at + 2001),
      clientIds: clients ? `{${[...clients].sort((x, y) => x - y).join(',')}}` : null,
    };
  };
  app.decorate('recordExport', async (request: FastifyRequest, ids: readonly number[]) => {
    const read = reads.get(`${request.method} ${request.routeOptions.url}`);
    if (read?.export && request.user) await writer.append(listEntry(request, read, ids, ids.length));
  });
  const start = (request: FastifyRequest, recording: Promise<void>) => {
    recording.catch(() => {}); // awaited in onSend; this only keeps an early failure from going unhandled
    request[RECORDING] = recording;
  };
  // A read of one record: its row is written while the read runs (its commit overlaps the read's queries)
  // and the answer waits for both; after authorization (onRequest) and validation, so a refused call leaves
  // none. Callback hooks: they run on the busiest calls, without a promise of their own.
  // Each route's hooks close over its read: looking it up by `request.routeOptions` built that object anew
  // for every call (16 µs a read of the client file, 2026-11-29).
  const preHandlerOf = (read: ClientRead) => (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    const subject = request.user ? read.subject?.(request) : undefined;
    if (subject) {
      start(
        request,
        writer.append({
          ...entryOf(request, read),
          subject: subject.entity,
          subjectId: subject.id,
          subjectIds: null,
          rowCount: null,
          query: null,
        }),
      );
    }
    done();
  };
  // A list or a search: its rows are known once the handler has answered, before they are serialised.
  const preSerializationOf =
    (read: ClientRead) =>
    (
      request: FastifyRequest,
      reply: FastifyReply,
      payload: unknown,
      done: (error: Error | null, payload?: unknown) => void,
    ) => {
      if (read.rows && request.user && !request[RECORDING] && reply.statusCode < 400) {
        const rows = read.ids ? read.ids(payload) : Array.isArray(payload) ? payload : [payload];
        const ids = rows.map((row) => whole((row as { id?: unknown } | null)?.id)).filter((id) => id !== undefined);
        // Rows of several entities carry their client: the log cannot find it from an id alone.
        const clients = findsClients(read.rows)
          ? undefined
          : new Set(
              rows
                .map((row) => whole((row as { clientId?: unknown } | null)?.clientId))
                .filter((id) => id !== undefined),
            );
        start(request, writer.append(listEntry(request, read, ids, rows.length, clients)));
      }
      done(null, payload);
    };
  // A read whose row could not be written (the database away: 503) is not answered with the data. Its
  // wait is taken once: the error answer goes through this hook again and must then leave. An answer that
  // is itself an error shows no client data, so it does not wait.
  const onSend = (
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: Error | null, payload?: unknown) => void,
  ) => {
    const recording = request[RECORDING];
    request[RECORDING] = undefined;
    if (!recording || reply.statusCode >= 400) return done(null, payload);
    recording.then(
      () => done(null, payload),
      (error: Error) => done(error),
    );
  };
  // Only the reads of client data carry the hooks: every other call goes without their cost. They run
  // first among the route's own hooks, as they did when registered for the whole application.
  app.addHook('onRoute', (route) => {
    // A HEAD route (Fastify adds one per GET) runs the GET's handler: it reads what the GET reads.
    const read = clientReadOf(route.method === 'HEAD' ? { ...route, method: 'GET' } : route);
    if (!read) return;
    const keys = [route.method].flat().map((method) => `${method} ${route.url}`);
    for (const key of keys) reads.set(key, read);
    if (read.export) return; // the export records itself (recordExport)
    if (read.subject) route.preHandler = [preHandlerOf(read), ...[route.preHandler ?? []].flat()];
    if (read.rows) route.preSerialization = [preSerializationOf(read), ...[route.preSerialization ?? []].flat()];
    route.onSend = [onSend, ...[route.onSend ?? []].flat()];
  });
  // A read listed above registered before this module, or renamed, would go unrecorded: refuse to start.
  app.addHook('onReady', async () => {
    const missed = [...CLIENT_READS.keys()].filter((key) => !reads.has(key));
    if (missed.length > 0) throw new Error(`The access log does not hook ${missed.join(', ')}`);
  });
}

const SORTABLE: Record<string, string> = {
  id: 'id',
  readAt: 'read_at',
  login: 'login',
  clientId: 'client_id',
  what: 'what',
};
const sortColumn = (name: string): Column | undefined =>
  Object.hasOwn(SORTABLE, name) ? { field: { name } as Field, sql: `t.${SORTABLE[name]}` } : undefined;

const DAY = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', format: 'date' } as const;
const accessLogQuery = {
  type: 'object',
  properties: {
    fromDate: DAY,
    toDate: DAY,
    clientId: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
    login: { type: 'string', minLength: 1, maxLength: 50 },
  },
} as const;

interface AccessRow {
  id: number;
  read_at: Date;
  login: string;
  authorities: string;
  client_id: number | null;
  what: string;
  subject: string;
  subject_id: number | null;
  subject_ids: number[] | null;
  row_count: number | null;
  query: string | null;
  client_ids: number[] | null;
  request_id: string | null;
  client_ip: string | null;
}

type AccessQuery = Query & { fromDate?: string; toDate?: string; clientId?: number; login?: string };

function registerAccessLogRoute(app: FastifyInstance, db: Database): void {
  app.get<{ Querystring: AccessQuery }>(
    '/management/access-log',
    { config: { access: ROUTE_ACCESS.management }, schema: { querystring: accessLogQuery } },
    async (request, reply) => {
      const { fromDate, toDate, clientId, login } = request.query;
      const { page, size } = pagingOf(request.query);
      const order = orderOf(sortColumn, request.query, 'readAt,desc');
      const params = new Params();
      const where: string[] = [];
      // A client's own reads, and the lists and searches that answered one of its rows.
      if (clientId) {
        const id = params.add(clientId);
        where.push(`(t.client_id = ${id} or t.client_ids @> array[${id}::bigint])`);
      }
      if (login) where.push(`t.login = ${params.add(login.toLowerCase())}`);
      if (fromDate) where.push(`t.read_at >= (${params.add(fromDate)}::date)::timestamp at time zone 'UTC'`);
      if (toDate) where.push(`t.read_at < (${params.add(toDate)}::date + 1)::timestamp at time zone 'UTC'`);
      const filter = where.length > 0 ? `where ${where.join(' and ')}` : '';
      const [count] = await db.query<{ total: number }>(`select count(*)::int as total from access_log t ${filter}`, [
        ...params.values,
      ]);
      const rows = await db.query<AccessRow>(
        `select t.* from access_log t ${filter} order by ${order} limit ${params.add(size)} offset ${params.add(page * size)}`,
        params.values,
      );
      return sendPage(request, reply, {
        rows: rows.map((row) => ({
          id: row.id,
          readAt: new Date(row.read_at).toISOString(),
          login: row.login,
          authorities: row.authorities.split(',').filter(Boolean),
          clientId: row.client_id,
          what: row.what,
          subject: row.subject,
          subjectId: row.subject_id === null ? null : Number(row.subject_id),
          subjectIds: row.subject_ids?.map(Number) ?? null,
          rowCount: row.row_count,
          query: row.query,
          clientIds: row.client_ids?.map(Number) ?? null,
          requestId: row.request_id,
          clientIp: row.client_ip,
        })),
        total: count!.total,
        page,
        size,
      });
    },
  );
}
