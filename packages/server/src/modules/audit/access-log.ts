// Who saw what: every staff read of one client's data (client file, accounts, notification users, requests, an
// account's transactions and transfers, a transaction or transfer) appends a row to access_log before
// the answer leaves, so an acknowledged read is on record even if this server crashes. The table refuses
// updates and deletes (a trigger); administrators search it at management/access-log.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ROUTE_ACCESS, type Field } from '@bank/domain';
import type { Database } from '../../db/database';
import { sendPage } from '../../engine/routes';
import { Params, orderOf, pagingOf, type Column, type Query } from '../../engine/list-query';
import { AccessLogWriter, type Subject } from './access-log-writer';

interface ClientRead {
  /** What the staff member read, as the log shows it. */
  what: string;
  /** The record read; undefined when this call is not about one client (a staff queue, say). */
  subject(request: FastifyRequest): { entity: Subject; id: number } | undefined;
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

/** The reads of client data, by route (`METHOD url` as registered). */
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
    { what: 'transactions', subject: fromQuery('bankAccount', 'bankaccount') },
  ],
  [
    'GET /core/api/transactions/_search/bankaccount',
    { what: 'transactions', subject: fromQuery('bankAccount', 'bankaccount') },
  ],
  ['GET /core/api/transactions/:id', { what: 'transaction', subject: fromParam('transaction', 'id') }],
  [
    'GET /core/api/criterial_search/transfers',
    {
      what: 'transfers',
      // The manager queue spans every client; an account's or a client's transfers are one client's data.
      subject: (request) =>
        fromQuery('bankAccount', 'bankaccount')(request) ?? fromQuery('client', 'clientId')(request),
    },
  ],
  ['GET /core/api/transfers/:id', { what: 'transfer', subject: fromParam('transfer', 'id') }],
]);

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
  if (!record) {
    app.log.warn('ACCESS_LOG=off: staff reads of client data are not recorded');
    return;
  }
  // PGlite is one backend: its reads and the log's batches take turns on it.
  if (!db.openSibling) return registerAccessLogHook(app, new AccessLogWriter(db));
  const own = await db.openSibling(1, { synchronous_commit: 'off' });
  app.addHook('onClose', () => own.close());
  registerAccessLogHook(app, new AccessLogWriter(own));
}

const RECORDING = Symbol('access-log recording');
declare module 'fastify' {
  interface FastifyRequest {
    [RECORDING]?: Promise<void>;
  }
}

function registerAccessLogHook(app: FastifyInstance, writer: AccessLogWriter): void {
  // The row is written while the read runs (its commit overlaps the read's queries) and the answer
  // waits for both; after authorization (onRequest) and validation, so a refused call leaves none.
  // Callback hooks: they run on every read of client data, the busiest calls, without a promise of
  // their own.
  const preHandler = (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    const user = request.user;
    const read = user ? CLIENT_READS.get(`${request.method} ${request.routeOptions.url}`) : undefined;
    const subject = read?.subject(request);
    if (user && read && subject) {
      const recording = writer.append({
        login: user.login,
        authorities: user.authorities.join(','),
        what: read.what,
        subject: subject.entity,
        subjectId: subject.id,
        requestId: String(request.id),
        clientIp: request.ip,
      });
      recording.catch(() => {}); // awaited in onSend; this only keeps an early failure from going unhandled
      request[RECORDING] = recording;
    }
    done();
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
  // Only the reads of client data carry the two hooks: every other call goes without their cost. They
  // run first among the route's own hooks, as they did when registered for the whole application.
  const hooked = new Set<string>();
  app.addHook('onRoute', (route) => {
    const reads = [route.method]
      .flat()
      .map((method) => `${method} ${route.url}`)
      .filter((key) => CLIENT_READS.has(key));
    if (reads.length === 0) return;
    route.preHandler = [preHandler, ...[route.preHandler ?? []].flat()];
    route.onSend = [onSend, ...[route.onSend ?? []].flat()];
    for (const key of reads) hooked.add(key);
  });
  // A read of client data registered before this module, or renamed, would go unrecorded: refuse to start.
  app.addHook('onReady', async () => {
    const missed = [...CLIENT_READS.keys()].filter((key) => !hooked.has(key));
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
  subject_id: number;
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
      if (clientId) where.push(`t.client_id = ${params.add(clientId)}`);
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
          subjectId: row.subject_id,
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
