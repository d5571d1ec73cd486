// Who saw what: every staff read of one client's data (client file, accounts, notification users, an
// account's transactions and transfers, a transaction or transfer) appends a row to access_log before
// the answer leaves, so an acknowledged read is on record even after a crash. The table refuses
// updates and deletes (a trigger); administrators search it at management/access-log.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROUTE_ACCESS, entityByName, type Field } from '@bank/domain';
import type { Database } from '../../db/database';
import { quote } from '../../db/schema';
import { sendPage } from '../../engine/routes';
import { Params, orderOf, pagingOf, type Column, type Query } from '../../engine/list-query';

/** The records a read may be about, and the ref path from each to its client. */
const CLIENT_PATHS = {
  client: [],
  bankAccount: ['clientId'],
  transaction: ['bankAccountId', 'clientId'],
  transfer: ['bankAccountId', 'clientId'],
} as const satisfies Record<string, readonly string[]>;
type Subject = keyof typeof CLIENT_PATHS;

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

/** `select <client id>` of the record `$1` of `entity`, following its ref path. */
function clientIdQuery(entity: Subject): string {
  const path = CLIENT_PATHS[entity];
  if (path.length === 0) return 'select $1::bigint as client_id';
  let current = entityByName(entity);
  let sql = `from ${quote(current.table)} x0`;
  let select = '';
  path.forEach((name, i) => {
    const field = current.field(name)!;
    if (i === path.length - 1) {
      select = `x${i}.${quote(field.column)}`;
      return;
    }
    const next = entityByName(field.ref!);
    sql += ` join ${quote(next.table)} x${i + 1} on x${i + 1}.id = x${i}.${quote(field.column)}`;
    current = next;
  });
  return `select ${select} as client_id ${sql} where x0.id = $1`;
}

const INSERTS = new Map(
  (Object.keys(CLIENT_PATHS) as Subject[]).map((entity) => [
    entity,
    // A record without a client (an account not yet linked) is logged all the same, client unknown.
    `insert into access_log (login, authorities, client_id, what, subject, subject_id, request_id, client_ip)
     select $2, $3, c.client_id, $4, $5, $1, $6, $7 from (select 1) one left join (${clientIdQuery(entity)}) c on true`,
  ]),
);

export function registerAccessLog(app: FastifyInstance, db: Database): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const user = request.user;
    if (!user || reply.statusCode >= 300) return payload;
    const read = CLIENT_READS.get(`${request.method} ${request.routeOptions.url}`);
    const subject = read?.subject(request);
    if (!read || !subject) return payload;
    await db.query(INSERTS.get(subject.entity)!, [
      subject.id,
      user.login,
      user.authorities.join(','),
      read.what,
      subject.entity,
      String(request.id),
      request.ip,
    ]);
    return payload;
  });

  registerAccessLogRoute(app, db);
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
