// The reference the benchmark measures ours against: a minimal Fastify + pg server answering each
// benchmarked call with hand-written SQL (prepared statements, no validation, no auth, no engine),
// i.e. what the product's database work costs over HTTP at the least. It does the same work as ours
// (issue 23), so that a ratio to it measures our server and not a difference of work:
//   - the same statements: the same columns and joins, the same page and count shapes, the same day
//     windows (a day filter runs to the end of its last day);
//   - the same totals: row counters for whole tables and status queues, a count capped at 1,000 rows
//     otherwise;
//   - the same access log: the product's own writer (batches, one insert at a time, asynchronous
//     commit), its row written while the read runs and the answer sent once both are done.
// It outlives a PostgreSQL restart as ours does: a broken idle connection is dropped, not fatal.
// `POST /bench/statements` answers a call with the read statements it ran instead of its rows: the
// bench replays them through pgbench for each line's raw-SQL floor.
// Run: DATABASE_URL=… PORT=… node --import tsx bench/reference.ts
import { AsyncLocalStorage } from 'node:async_hooks';
import Fastify, { type FastifyReply } from 'fastify';
import pg from 'pg';
import { AccessLogWriter, type Subject } from '../packages/server/src/modules/audit/access-log-writer';

const CAP = 1000;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
// The access log as the product writes it: a connection of its own, asynchronous commit.
const logPool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: 1,
  options: '-c synchronous_commit=off',
});
for (const each of [pool, logPool])
  each.on('error', (error) => console.error('reference: idle connection lost:', error.message));
pg.types.setTypeParser(20, Number);
pg.types.setTypeParser(1700, (v) => v);

type Q = Record<string, string | undefined>;
const paging = (q: Q) => {
  const size = Math.min(1000, Number(q.size ?? 20));
  return { size, offset: Number(q.page ?? 0) * size };
};

/** A statement as sent: its text and its parameters. */
export interface Statement {
  text: string;
  values: unknown[];
  /** Sent unnamed, so that PostgreSQL plans it for its values each time. */
  planEachTime: boolean;
}
/** The statements of the call being captured (the access log's writes are not among them). */
const capturing = new AsyncLocalStorage<Statement[]>();

let statement = 0;
const prepared = new Map<string, string>();
/** Runs `text` as a named prepared statement (one name per distinct text). */
async function sql<R = Record<string, unknown>>(
  text: string,
  values: readonly unknown[] = [],
  on = pool,
  /** Unnamed, so planned for its values each time, as the product plans a text search. */
  planEachTime = false,
): Promise<R[]> {
  if (on === pool) capturing.getStore()?.push({ text, values: [...values], planEachTime });
  if (planEachTime) return (await on.query({ text, values: [...values] })).rows as R[];
  let name = prepared.get(text);
  if (!name) prepared.set(text, (name = `ref${++statement}`));
  return (await on.query({ name, text, values: [...values] })).rows as R[];
}

async function counter(table: string, statuses?: string[]): Promise<number> {
  const [row] = statuses
    ? await sql<{ n: number }>(
        `select coalesce(sum(n), 0)::bigint as n, count(*)::int as parts from row_count
          where table_name = $1 and status = any($2::text[])`,
        [table, statuses],
      )
    : await sql<{ n: number }>(
        'select coalesce(sum(n), 0)::bigint as n, count(*)::int as parts from row_count where table_name = $1',
        [table],
      );
  return row!.n;
}

/**
 * A filtered page: the page's rows found in the table alone, then joined (`select`, `joins`); the
 * total from the page itself when it is the last one, else a count stopped at the cap.
 */
async function filteredPage(
  reply: FastifyReply,
  select: string,
  joins: string,
  filter: { table: string; where: string; order: string; values: unknown[] },
  q: Q,
) {
  const { size, offset } = paging(q);
  const n = filter.values.length;
  const rows = await sql(
    `${select} from (select * from ${filter.table} t where ${filter.where} order by ${filter.order}
       limit $${n + 1} offset $${n + 2}) t ${joins} order by ${filter.order}`,
    [...filter.values, size, offset],
  );
  let total = offset + rows.length;
  if (rows.length === size || (rows.length === 0 && offset > 0)) {
    const limit = Math.max(CAP, offset + size) + 1;
    const [row] = await sql<{ total: number }>(
      `select count(*)::int as total from (select 1 from ${filter.table} t where ${filter.where} limit $${n + 1}) capped`,
      [...filter.values, limit],
    );
    total = Math.min(row!.total, limit - 1);
  }
  return reply.header('x-total-count', String(total)).send(rows);
}

const app = Fastify({ logger: false });

const accessLog = new AccessLogWriter({ query: (text, params) => sql(text, params ?? [], logPool) });
/**
 * Who saw what (the product's access log): the row is written while `read` runs, and the answer
 * leaves once both are done, as the product's hooks do.
 */
async function logged<T>(what: string, subject: Subject, subjectId: number, read: Promise<T>): Promise<T> {
  const recording = accessLog.append({
    login: 'manager',
    authorities: 'ROLE_MANAGER',
    what,
    subject,
    subjectId,
    subjectIds: null,
    rowCount: null,
    query: null,
    requestId: 'reference',
    clientIp: '127.0.0.1',
  });
  const [result] = await Promise.all([read, recording]);
  return result;
}

/**
 * The lists and searches the product records by their rows (issue 37), by route: their rows' entity. As
 * the product's hooks do, the row is written once the rows are read and the answer waits for it.
 */
const ROW_READS: Record<string, Subject> = {
  '/core/api/clients': 'client',
  '/core/api/_search/clients': 'client',
  '/core/api/transactions': 'transaction',
  '/core/api/transfers': 'transfer',
  '/core/api/criterial_search/transfers': 'transfer',
  '/core/api/card-orders': 'cardOrder',
  '/core/api/_search/beneficiaries/filtre': 'beneficiary',
  '/core/api/transfer-logs/story/:id': 'transferLog',
  '/core/api/checkbook-orders/demandStatusChequier/:status': 'checkbookOrder',
  '/core/api/beneficiaries/beneficiaryStatus/:status': 'beneficiary',
};
const RECORDING = new WeakMap<object, Promise<void>>();
app.addHook('preSerialization', (request, reply, payload, done) => {
  const subject = ROW_READS[request.routeOptions.url ?? ''];
  if (subject && reply.statusCode < 400 && Array.isArray(payload)) {
    const at = request.url.indexOf('?');
    const recording = accessLog.append({
      login: 'manager',
      authorities: 'ROLE_MANAGER',
      what: request.routeOptions.url!.slice(10, 50),
      subject,
      subjectId: null,
      subjectIds: `{${payload.map((row: { id: number }) => row.id).join(',')}}`,
      rowCount: payload.length,
      query: at < 0 ? null : request.url.slice(at + 1, at + 2001),
      requestId: 'reference',
      clientIp: '127.0.0.1',
    });
    recording.catch(() => {});
    RECORDING.set(request, recording);
  }
  done(null, payload);
});
app.addHook('onSend', (request, _reply, payload, done) => {
  const recording = RECORDING.get(request);
  if (!recording) return done(null, payload);
  recording.then(
    () => done(null, payload),
    (error: Error) => done(error),
  );
});

/** The day after `day` (YYYY-MM-DD) at midnight UTC: a day filter runs to the end of its last day. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString();

// Amounts are read whole, as the product reads them (engine/columns.ts).
const TRANSACTION = `select t.id, t.version, t.transaction_number as "transactionNumber",
  trim_scale(t.amount) as amount, t.additional_label as "additionalLabel", t.label,
  t.transaction_date as "transactionDate", t.direction, t.imputation_date as "imputationDate",
  t.value_date as "valueDate", t.conterparty_bank_account_number as "conterpartyBankAccountNumber",
  trim_scale(t.before_balance) as "beforeBalance", trim_scale(t.after_balance) as "afterBalance",
  t.status_transaction as "statusTransaction", t.status_notification as "statusNotification",
  t.bank_account_id as "bankAccountId",
  t.transaction_type_id as "transactionTypeId", c.name as "clientName", c.client_code as "clientCode",
  a.bank_account_number as "bankAccountNumber", a.owner_name as "ownerName"`;
const TRANSACTION_JOINS = `left join bank_account a on a.id = t.bank_account_id left join client c on c.id = a.client_id`;
const TRANSFER = `select t.id, t.version, trim_scale(t.amount) as amount, t.exec_date as "execDate",
  t.created_at as "createdAt", t.update_ap as "updateAp", t.comment, t.demand_status as "demandStatus",
  t.bank_account_id as "bankAccountId", t.beneficiary_id as "beneficiaryId", t.serenity_user_id as "serenityUserId",
  a.client_id as "clientId",
  c.name as "clientName", c.client_code as "clientCode", a.bank_account_number as "bankAccountNumber",
  b.name as "beneficiaryName", b.iban as "beneficiaryRib"`;
const TRANSFER_JOINS = `left join bank_account a on a.id = t.bank_account_id left join client c on c.id = a.client_id
  left join beneficiary b on b.id = t.beneficiary_id`;
const CARD_ORDER = `select t.id, t.version, t.holder_name as "holderName", t.pp_holder as "ppHolder",
  t.order_status as "orderStatus", t.created_at as "createdAt", t.comment, t.updated_at as "updatedAt",
  t.card_type_id as "cardTypeId", t.serenity_user_id as "serenityUserId", t.bank_account_id as "bankAccountId",
  c.name as "clientName", c.client_code as "clientCode", a.bank_account_number as "bankAccountNumber",
  replace(encode(k.picture, 'base64'), chr(10), '') as picture, k.picture_content_type as "pictureContentType", k.label`;
const CARD_ORDER_JOINS = `left join bank_account a on a.id = t.bank_account_id left join client c on c.id = a.client_id
  left join card_type k on k.id = t.card_type_id`;
const BENEFICIARY = `select t.id, t.version, t.iban, t.name, t.created_at as "createdAt", t.update_ap as "updateAp",
  t.comment, t.beneficiary_status as "beneficiaryStatus", t.serenity_user_id as "serenityUserId",
  c.name as "clientName", c.client_code as "clientCode"`;
const BENEFICIARY_JOINS = `left join serenity_user u on u.id = t.serenity_user_id left join client c on c.id = u.client_id`;
const CHECKBOOK_ORDER = `select t.id, t.version, t.talon_correspondance as "talonCorrespondance",
  t.adresse_retrait as "adresseRetrait", t.type_chequier as "typeChequier", t.carnet_of as "carnetOf",
  t.created_at as "createdAt", t.update_at as "updateAt", t.comment, t.demand_status as "demandStatus",
  t.branch_id as "branchId", t.serenity_user_id as "serenityUserId", t.bank_account_id as "bankAccountId",
  c.name as "clientName", c.client_code as "clientCode", a.bank_account_number as "bankAccountNumber",
  r.name as "branchName", r.address as "branchAddress"`;
const CHECKBOOK_ORDER_JOINS = `left join bank_account a on a.id = t.bank_account_id left join client c on c.id = a.client_id
  left join branch r on r.id = t.branch_id`;
const CLIENT_COLUMNS = `t.id, t.version, t.name, t.gender, to_char(t.date_of_birth, 'YYYY-MM-DD') as "dateOfBirth",
  t.place_of_birth as "placeOfBirth", t.email, t.address, t.phone,
  t.company_registration_number as "companyRegistrationNumber",
  replace(encode(t.picture, 'base64'), chr(10), '') as picture, t.picture_content_type as "pictureContentType",
  t.created_at as "createdAt", t.client_code as "clientCode", t.country, t.client_type as "clientType",
  t.nationality, t.gestionnaire_id as "gestionnaireId"`;
const BANK_ACCOUNT = `select t.id, t.version, t.bank_account_number as "bankAccountNumber", t.owner_name as "ownerName",
  t.iban, t.bank_code as "bankCode", t.sort_code as "sortCode", t.iban_account as "ibanAccount",
  t.iban_key as "ibanKey", trim_scale(t.balance) as balance, t.created_at as "createdAt",
  trim_scale(t.blocked_amount) as "blockedAmount", trim_scale(t.available_amount) as "availableAmount",
  trim_scale(t.authorized_amount) as "authorizedAmount",
  t.position_date as "positionDate", t.updated_at as "updatedAt", t.bank_account_status as "bankAccountStatus",
  t.branch_id as "branchId", t.client_id as "clientId", t.bank_account_type_id as "bankAccountTypeId",
  c.client_code as "clientCode"`;
const SERENITY_USER = `select t.id, t.version, t.login, t.firstname, t.lastname, t.telephone, t.email,
  t.created_at as "createdAt", t.last_login as "lastLogin", t.notify_type as "notifyType", t.client_id as "clientId",
  c.client_code as "clientCode"`;
const TRANSFER_LOG = `select t.id, t.version, t.comment, t.created_at as "createdAt", t.update_ap as "updateAp",
  t.demand_status as "demandStatus", t.transfer_id as "transferId", t.bank_account_id as "bankAccountId",
  t.serenity_user_id as "serenityUserId"`;

/** A whole table's page: its ids found on an index alone, then its rows read and joined; the total counted. */
async function deepPage(reply: FastifyReply, table: string, select: string, joins: string, order: string, q: Q) {
  const { size, offset } = paging(q);
  const [rows, total] = await Promise.all([
    sql(
      `${select} from (select t.id from ${table} t order by ${order} limit $1 offset $2) p
         join ${table} t on t.id = p.id ${joins} order by ${order}`,
      [size, offset],
    ),
    counter(table.replaceAll('"', '')),
  ]);
  return reply.header('x-total-count', String(total)).send(rows);
}

/** A status queue's page, its total from the status counters. */
async function queuePage(
  reply: FastifyReply,
  queue: { table: string; select: string; joins: string; where: string; status: string; order: string },
  q: Q,
) {
  const { size, offset } = paging(q);
  const [rows, total] = await Promise.all([
    sql(
      `${queue.select} from (select * from ${queue.table} t where ${queue.where} order by ${queue.order}
         limit $2 offset $3) t ${queue.joins} order by ${queue.order}`,
      [queue.status, size, offset],
    ),
    counter(queue.table, [queue.status]),
  ]);
  return reply.header('x-total-count', String(total)).send(rows);
}

const NEWEST = 't.created_at desc, t.id desc';

app.get<{ Querystring: Q }>('/core/api/clients', (request, reply) =>
  deepPage(reply, 'client', `select ${CLIENT_COLUMNS}`, '', 't.id asc', request.query),
);

app.get<{ Querystring: Q }>('/core/api/transactions', (request, reply) =>
  deepPage(reply, '"transaction"', TRANSACTION, TRANSACTION_JOINS, 't.id asc', request.query),
);

app.get<{ Querystring: Q }>('/core/api/transfers', (request, reply) =>
  deepPage(reply, 'transfer', TRANSFER, TRANSFER_JOINS, NEWEST, request.query),
);

app.get<{ Querystring: Q }>('/core/api/criterial_search/transfers', (request, reply) =>
  filteredPage(
    reply,
    TRANSFER,
    TRANSFER_JOINS,
    {
      table: 'transfer',
      where: 't.created_at >= $1 and t.created_at < $2 and t.demand_status = $3',
      order: NEWEST,
      values: [`${request.query.startdate}T00:00:00Z`, dayAfter(request.query.enddate!), request.query.status],
    },
    request.query,
  ),
);

app.get<{ Querystring: Q }>('/core/api/card-orders', (request, reply) =>
  queuePage(
    reply,
    {
      table: 'card_order',
      select: CARD_ORDER,
      joins: CARD_ORDER_JOINS,
      where: 't.order_status in ($1)',
      status: request.query['orderStatus.in']!,
      order: request.query.sort === 'createdAt,desc' ? NEWEST : 't.id asc',
    },
    request.query,
  ),
);

/** The beneficiaries of one status: newest first in the staff list, by id in the pending counts. */
const beneficiaryQueue = (reply: FastifyReply, status: string, order: string, q: Q) =>
  queuePage(
    reply,
    {
      table: 'beneficiary',
      select: BENEFICIARY,
      joins: BENEFICIARY_JOINS,
      where: 't.beneficiary_status = $1',
      status,
      order,
    },
    q,
  );

app.get<{ Querystring: Q }>('/core/api/_search/beneficiaries/filtre', (request, reply) =>
  beneficiaryQueue(reply, request.query.type!, NEWEST, request.query),
);

// Word search (migration 0023): rows where the text begins a word, from the word-start index: rows whose
// text starts with it, then the others, in the order of the text from the word on; the entries counted
// up to the count cap (1,000, or the page's end), each row once. A number, or a text that begins no word,
// goes to the ranked fragment search: the folded text the product stores (migration 0012), the first
// matches the trigram index finds up to the cap, best first among them, counted by the same query.
const WORD = `e.entry >= left((select search_fold($1::text)), 16) and e.entry < left((select search_fold($1::text)), 16) || chr(1114111)
  and (length((select search_fold($1::text))) <= 16
       or (select x.search_text from client x where x.id = e.id) like (select search_fold($2::text)))`;
const WORD_SEARCH = `with counted as materialized (
    select f.first, case when f.first >= $3 then null else
             (select array[count(distinct u.id), count(*) filter (where u.later)]
                from ((select e.id, false as later from client_search_word e where e.at_start and ${WORD} limit $3)
                      union all (select e.id, true from client_search_word e where not e.at_start and ${WORD}
                                  limit 2 * ($3 - f.first))) u) end as later
      from (select count(*) as first from (select 1 from client_search_word e where e.at_start and ${WORD} limit $3) x) f),
  paged as (
    select id, min(k) as k
      from ((select e.id, '0' || e.entry as k from client_search_word e where e.at_start and ${WORD} order by e.entry, e.id limit $4)
            union all (select e.id, '1' || e.entry from client_search_word e where not e.at_start and ${WORD}
                        order by e.entry, e.id limit $4)) m
     group by id order by min(k), id limit $5 offset $6)
  select ${CLIENT_COLUMNS}, c.first as __first, c.later as __later from counted c
    left join paged p on true left join client t on t.id = p.id order by p.k, p.id`;

app.get<{ Querystring: Q }>('/core/api/_search/clients', async (request, reply) => {
  const { size, offset } = paging(request.query);
  const cap = Math.max(1000, offset + size) + 1;
  const text = (request.query.query ?? '').trim();
  if (/^[\p{L}\p{N}]/u.test(text) && !/^\d+$/.test(text)) {
    const rows = await sql<Record<string, unknown> & { __first?: number; __later?: number[] | null }>(WORD_SEARCH, [
      text,
      `%${text}%`,
      cap,
      3 * (offset + size),
      size,
      offset,
    ]);
    const first = Number(rows[0]!.__first);
    const [found, laterRead] = rows[0]!.__later?.map(Number) ?? [cap, 0];
    if (found! > 0) {
      const total = Math.min(found!, cap - 1);
      const page = rows.filter((row) => row.id !== null);
      for (const row of page) {
        delete row.__first;
        delete row.__later;
      }
      if (found! >= cap || (first < cap && laterRead! >= 2 * (cap - first)))
        reply.header('x-total-count-exact', 'false');
      return reply.header('x-total-count', String(total)).send(page);
    }
  }
  // Under three characters, rows are read until enough match (a trigram index narrows nothing).
  const matches =
    text.length < 3 ? 'strpos(t.search_text, search_fold($1::text)) > 0' : 't.search_text like search_fold($1::text)';
  const rows = await sql<Record<string, unknown> & { __matches?: number }>(
    `select ${CLIENT_COLUMNS}, p.__matches from (
       select f.*, count(*) over () as __matches from (
         select t.id, case when t.search_text like search_fold($2::text) then 0 else 1 end as r0 from client t
          where ${matches} limit $5) f
        order by r0, id limit $3 offset $4) p
       join client t on t.id = p.id order by p.r0, p.id`,
    [text.length < 3 ? text : `%${text}%`, `${text}%`, size, offset, cap],
    pool,
    true,
  );
  const found = rows[0]?.__matches ?? offset;
  for (const row of rows) delete row.__matches;
  const total = found < cap ? found : cap - 1;
  if (found >= cap) reply.header('x-total-count-exact', 'false');
  return reply.header('x-total-count', String(total)).send(rows);
});

app.get<{ Params: { id: string } }>('/core/api/clients/:id', async (request, reply) => {
  const id = Number(request.params.id);
  const [row] = await logged(
    'client',
    'client',
    id,
    sql(`select ${CLIENT_COLUMNS} from client t where t.id = $1`, [id]),
  );
  return row ?? reply.code(404).send();
});

app.get<{ Params: { id: string }; Querystring: Q }>('/core/api/bank-accounts/client/:id', (request, reply) => {
  const id = Number(request.params.id);
  const filter = { table: 'bank_account', where: 't.client_id = $1', order: 't.id asc', values: [id] };
  return logged(
    'accounts',
    'client',
    id,
    filteredPage(reply, BANK_ACCOUNT, 'left join client c on c.id = t.client_id', filter, request.query),
  );
});

app.get<{ Params: { id: string } }>('/core/api/serenity-users/info/:id', (request) => {
  const id = Number(request.params.id);
  return logged(
    'notification-users',
    'client',
    id,
    sql(
      `${SERENITY_USER} from (select * from serenity_user t where t.client_id = $1 order by t.id asc limit $2 offset $3) t
         left join client c on c.id = t.client_id order by t.id asc`,
      [id, 1000, 0],
    ),
  );
});

app.get<{ Querystring: Q }>('/core/api/transactions/_search/modal', (request, reply) => {
  const account = Number(request.query.bankaccount);
  const filter = {
    table: '"transaction"',
    where: 't.bank_account_id = $1',
    order: 't.transaction_date desc, t.id desc',
    values: [account],
  };
  return logged(
    'transactions',
    'bankAccount',
    account,
    filteredPage(reply, TRANSACTION, TRANSACTION_JOINS, filter, request.query),
  );
});

app.post<{ Params: { id: string } }>('/core/api/transfer-logs/story/:id', (request) =>
  sql(
    `${TRANSFER_LOG} from (select * from transfer_log t where t.transfer_id = $1 order by ${NEWEST} limit $2 offset $3) t
       order by ${NEWEST}`,
    [Number(request.params.id), 500, 0],
  ),
);

app.get<{ Params: { status: string }; Querystring: Q }>(
  '/core/api/checkbook-orders/demandStatusChequier/:status',
  (request, reply) =>
    queuePage(
      reply,
      {
        table: 'checkbook_order',
        select: CHECKBOOK_ORDER,
        joins: CHECKBOOK_ORDER_JOINS,
        where: 't.demand_status = $1',
        status: request.params.status,
        order: 't.id asc',
      },
      request.query,
    ),
);

app.get<{ Params: { status: string }; Querystring: Q }>(
  '/core/api/beneficiaries/beneficiaryStatus/:status',
  (request, reply) => beneficiaryQueue(reply, request.params.status, 't.id asc', request.query),
);

// The staff decision: lock, check the version, update, one history row and one audit event, commit.
app.put<{ Params: { id: string }; Body: Record<string, unknown> }>(
  '/core/api/card-orders/:id',
  async (request, reply) => {
    const body = request.body;
    const client = await pool.connect();
    try {
      await client.query('begin');
      const { rows: before } = await client.query({
        name: 'ref-lock',
        text: 'select * from card_order where id = $1 for update',
        values: [Number(request.params.id)],
      });
      if (before.length === 0 || before[0].version !== body.version) {
        await client.query('rollback');
        return reply.code(409).send();
      }
      const { rows: after } = await client.query({
        name: 'ref-update',
        text: `update card_order set order_status = $2, comment = $3, updated_at = now(), version = version + 1
              where id = $1 returning *`,
        values: [before[0].id, body.orderStatus, body.comment],
      });
      await client.query({
        name: 'ref-log',
        text: `insert into card_orderlog (card_order_id, demand_status, comment, created_at, bank_account_id, serenity_user_id)
             values ($1, $2::varchar, $3 || '{}' || $2::varchar || '{}manager', now(), $4, $5)`,
        values: [before[0].id, body.orderStatus, body.comment, before[0].bank_account_id, before[0].serenity_user_id],
      });
      await client.query({
        name: 'ref-audit',
        text: `insert into audit_event (principal, event_type, event_date, data) values ('manager', 'REQUEST_STATUS_CHANGED', now(), $1)`,
        values: [JSON.stringify({ request: 'cardOrder', id: before[0].id })],
      });
      await client.query('commit');
      return after[0];
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  },
);

/** Runs `work` in a transaction on a connection of the pool; a refusal (`null`) rolls back and answers 409. */
async function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T | null>): Promise<T | null> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query(result === null ? 'rollback' : 'commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

// Filing a transfer: lock the account, check what it can give, insert the transfer, hold its amount.
app.post<{ Body: Record<string, unknown> }>('/core/api/transfers', async (request, reply) => {
  const body = request.body;
  const created = await inTransaction(async (client) => {
    const { rows: accounts } = await client.query({
      name: 'ref-hold-lock',
      text: 'select available_amount, authorized_amount from bank_account where id = $1 for update',
      values: [body.bankAccountId],
    });
    const account = accounts[0];
    if (!account || Number(account.available_amount) + Number(account.authorized_amount ?? 0) < Number(body.amount))
      return null;
    const { rows } = await client.query({
      name: 'ref-transfer-insert',
      text: `insert into transfer (amount, bank_account_id, demand_status, filed_by) values ($1, $2, $3, 'agentsaisie')
             returning *`,
      values: [body.amount, body.bankAccountId, body.demandStatus],
    });
    await client.query({
      name: 'ref-hold',
      text: `with h as (insert into ledger_hold (request_entity, request_id, bank_account_id, amount, held_by)
                        values ('transfer', $1, $2, $3, 'agentsaisie') returning bank_account_id, amount)
             update bank_account b set blocked_amount = b.blocked_amount + h.amount,
                                       available_amount = b.available_amount - h.amount
               from h where b.id = h.bank_account_id`,
      values: [rows[0].id, body.bankAccountId, body.amount],
    });
    return rows[0];
  });
  return created ? reply.code(201).send(created) : reply.code(400).send();
});

// Validating a transfer (below four eyes): lock and check the version, update, history row and audit event,
// then post its hold: the hold settled, the entry, the account debited with its statement line and balance
// log, the postings on the account and on the outgoing clearing account.
app.put<{ Params: { id: string }; Body: Record<string, unknown> }>(
  '/core/api/transfers/:id',
  async (request, reply) => {
    const body = request.body;
    const id = Number(request.params.id);
    const posted = await inTransaction(async (client) => {
      const { rows: before } = await client.query({
        name: 'ref-transfer-lock',
        text: 'select * from transfer where id = $1 for update',
        values: [id],
      });
      if (before.length === 0 || before[0].version !== body.version) return null;
      const { rows: after } = await client.query({
        name: 'ref-transfer-update',
        text: `update transfer set demand_status = $2, comment = $3, update_ap = now(), version = version + 1
              where id = $1 returning *`,
        values: [id, body.demandStatus, body.comment],
      });
      await client.query({
        name: 'ref-transfer-log',
        text: `insert into transfer_log (transfer_id, demand_status, comment, created_at, bank_account_id, serenity_user_id)
             values ($1, $2::varchar, $3 || '{}' || $2::varchar || '{}manager', now(), $4, $5)`,
        values: [id, body.demandStatus, body.comment, before[0].bank_account_id, before[0].serenity_user_id],
      });
      await client.query({
        name: 'ref-transfer-audit',
        text: `insert into audit_event (principal, event_type, event_date, data) values ('manager', 'REQUEST_STATUS_CHANGED', now(), $1)`,
        values: [JSON.stringify({ request: 'transfer', id })],
      });
      const { rows: destination } = await client.query({
        name: 'ref-beneficiary',
        text: `select b.iban, a.id from beneficiary b left join bank_account a on a.iban = b.iban where b.id = $1`,
        values: [before[0].beneficiary_id],
      });
      const { rows: entry } = await client.query({
        name: 'ref-entry',
        text: `insert into ledger_entry (entry_key, kind, request_entity, request_id, label, value_date, posted_by)
             values ('transfer:' || $1::bigint, 'transfer', 'transfer', $1::bigint, 'Virement émis', now(), 'manager') returning id`,
        values: [id],
      });
      await client.query({
        name: 'ref-post',
        text: `with h as (update ledger_hold set settled_at = now(), settlement = 'posted', entry_id = $2::bigint
                         where request_entity = 'transfer' and request_id = $1::bigint and settled_at is null
                         returning bank_account_id, amount),
                  b as (update bank_account a set balance = a.balance - h.amount, blocked_amount = a.blocked_amount - h.amount,
                                                  position_date = now()
                          from h where a.id = h.bank_account_id returning a.id, a.balance, h.amount),
                  t as (insert into "transaction" (transaction_number, amount, label, transaction_date, direction,
                                                   imputation_date, value_date, conterparty_bank_account_number,
                                                   before_balance, after_balance, status_transaction, bank_account_id)
                        select 'LG' || $2::bigint, b.amount, 'Virement émis', now(), 'D', now(), now(), $3::varchar,
                               b.balance + b.amount, b.balance, 'VALIDATED', b.id from b returning id, bank_account_id, amount),
                  l as (insert into balance_log (amount, balance_date, bank_account_id) select balance, now(), id from b)
             insert into ledger_posting (entry_id, bank_account_id, ledger_account_id, amount, transaction_id)
             select $2::bigint, t.bank_account_id, null::bigint, -t.amount, t.id from t
             union all
             select $2::bigint, null, (select id from ledger_account where code = 'clearing.outgoing'), t.amount, null from t`,
        values: [id, entry[0].id, destination[0]?.iban ?? null],
      });
      return after[0];
    });
    return posted ? reply.send(posted) : reply.code(409).send();
  },
);

app.post<{ Body: { method: 'GET' | 'POST' | 'PUT'; path: string } }>('/bench/statements', async (request) => {
  const statements: Statement[] = [];
  const answer = await capturing.run(statements, () =>
    app.inject({ method: request.body.method, url: request.body.path }),
  );
  if (answer.statusCode !== 200) throw new Error(`${request.body.path}: ${answer.statusCode}`);
  return statements;
});

await app.listen({ port: Number(process.env.PORT ?? 18900), host: '127.0.0.1' });
