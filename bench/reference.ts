// The reference the benchmark measures ours against: a minimal Fastify + pg server answering each
// benchmarked call with hand-written SQL (prepared statements, no validation, no auth, no engine),
// i.e. what the product's database work costs over HTTP at the least. Same totals design as ours:
// row counters for whole tables and status queues, a count capped at 1,000 rows otherwise.
// Run: DATABASE_URL=… PORT=… node --import tsx bench/reference.ts
import Fastify, { type FastifyReply } from 'fastify';
import pg from 'pg';

const CAP = 1000;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
// The access log as the product writes it: its own connections, asynchronous commit.
const logPool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: 2,
  options: '-c synchronous_commit=off',
});
pg.types.setTypeParser(20, Number);
pg.types.setTypeParser(1700, (v) => v);

type Q = Record<string, string | undefined>;
const paging = (q: Q) => {
  const size = Math.min(1000, Number(q.size ?? 20));
  return { size, offset: Number(q.page ?? 0) * size };
};

let statement = 0;
const prepared = new Map<string, string>();
/** Runs `text` as a named prepared statement (one name per distinct text). */
async function sql<R = Record<string, unknown>>(text: string, values: unknown[] = [], on = pool): Promise<R[]> {
  let name = prepared.get(text);
  if (!name) prepared.set(text, (name = `ref${++statement}`));
  return (await on.query({ name, text, values })).rows as R[];
}

async function counter(table: string, statuses?: string[]): Promise<number> {
  const [row] = statuses
    ? await sql<{ n: number }>(
        'select coalesce(sum(n), 0)::bigint as n from row_count where table_name = $1 and status = any($2)',
        [table, statuses],
      )
    : await sql<{ n: number }>('select coalesce(sum(n), 0)::bigint as n from row_count where table_name = $1', [table]);
  return row!.n;
}

/** Rows, then the total: from the page itself when it is the last one, else a count stopped at the cap. */
async function cappedPage(reply: FastifyReply, select: string, from: string, values: unknown[], q: Q) {
  const { size, offset } = paging(q);
  const n = values.length;
  const rows = await sql(`${select} ${from} limit $${n + 1} offset $${n + 2}`, [...values, size, offset]);
  let total = offset + rows.length;
  if (rows.length === size || (rows.length === 0 && offset > 0)) {
    const where = from.replace(/ order by .*$/s, '');
    const limit = Math.max(CAP, offset + size) + 1;
    const [row] = await sql<{ n: number }>(
      `select count(*)::int as n from (select 1 ${where} limit ${limit}) c`,
      values,
    );
    total = Math.min(row!.n, limit - 1);
  }
  return reply.header('x-total-count', String(total)).send(rows);
}

const app = Fastify({ logger: false });

/** Who saw what (the product's access log): one row per read of a client's data, before the answer. */
const logRead = (what: string, subject: string, id: number, clientOf: string) =>
  sql(
    `insert into access_log (login, authorities, client_id, what, subject, subject_id)
     select 'manager', 'ROLE_MANAGER', (${clientOf}), $2, $3, $1`,
    [id, what, subject],
    logPool,
  );

const TRANSACTION = `select t.*, c.name as "clientName", c.client_code as "clientCode",
  a.bank_account_number as "bankAccountNumber", a.owner_name as "ownerName"`;
const TRANSACTION_FROM = `from "transaction" t left join bank_account a on a.id = t.bank_account_id
  left join client c on c.id = a.client_id`;
const TRANSFER = `select t.*, a.client_id as "clientId", c.name as "clientName", c.client_code as "clientCode",
  a.bank_account_number as "bankAccountNumber", b.name as "beneficiaryName", b.iban as "beneficiaryRib"`;
const TRANSFER_FROM = `from transfer t left join bank_account a on a.id = t.bank_account_id
  left join client c on c.id = a.client_id left join beneficiary b on b.id = t.beneficiary_id`;

// Deep pages: the page's ids are found on an index alone, then its 20 rows are read and joined.
app.get<{ Querystring: Q }>('/core/api/transactions', async (request, reply) => {
  const { size, offset } = paging(request.query);
  const [rows, total] = await Promise.all([
    sql(
      `${TRANSACTION} from (select id from "transaction" order by id limit $1 offset $2) p join "transaction" t on t.id = p.id
        left join bank_account a on a.id = t.bank_account_id left join client c on c.id = a.client_id order by t.id`,
      [size, offset],
    ),
    counter('transaction'),
  ]);
  return reply.header('x-total-count', String(total)).send(rows);
});

app.get<{ Querystring: Q }>('/core/api/transfers', async (request, reply) => {
  const { size, offset } = paging(request.query);
  const [rows, total] = await Promise.all([
    sql(
      `${TRANSFER} from (select id from transfer order by created_at desc, id desc limit $1 offset $2) p
        join transfer t on t.id = p.id left join bank_account a on a.id = t.bank_account_id left join client c on c.id = a.client_id
        left join beneficiary b on b.id = t.beneficiary_id order by t.created_at desc, t.id desc`,
      [size, offset],
    ),
    counter('transfer'),
  ]);
  return reply.header('x-total-count', String(total)).send(rows);
});

app.get<{ Querystring: Q }>('/core/api/criterial_search/transfers', (request, reply) =>
  cappedPage(
    reply,
    TRANSFER,
    `${TRANSFER_FROM} where t.demand_status = $1 and t.created_at >= $2 and t.created_at < $3
      order by t.created_at desc, t.id desc`,
    [request.query.status, `${request.query.startdate}T00:00:00Z`, `${request.query.enddate}T00:00:00Z`],
    request.query,
  ),
);

app.get<{ Querystring: Q }>('/core/api/card-orders', async (request, reply) => {
  const { size, offset } = paging(request.query);
  const status = request.query['orderStatus.in']!;
  const [rows, total] = await Promise.all([
    sql(
      `select t.*, c.name as "clientName", c.client_code as "clientCode", a.bank_account_number as "bankAccountNumber",
         encode(k.picture, 'base64') as picture, k.label
       from card_order t left join bank_account a on a.id = t.bank_account_id left join client c on c.id = a.client_id
       left join card_type k on k.id = t.card_type_id
       where t.order_status = $1 order by t.created_at desc, t.id desc limit $2 offset $3`,
      [status, size, offset],
    ),
    counter('card_order', [status]),
  ]);
  return reply.header('x-total-count', String(total)).send(rows);
});

app.get<{ Querystring: Q }>('/core/api/_search/beneficiaries/filtre', async (request, reply) => {
  const { size, offset } = paging(request.query);
  const status = request.query.type!;
  const [rows, total] = await Promise.all([
    sql(
      `select t.*, u.client_id as "clientId" from beneficiary t left join serenity_user u on u.id = t.serenity_user_id
        where t.beneficiary_status = $1 order by t.created_at desc, t.id desc limit $2 offset $3`,
      [status, size, offset],
    ),
    counter('beneficiary', [status]),
  ]);
  return reply.header('x-total-count', String(total)).send(rows);
});

// Ranked search: the folded text the product stores (migration 0012), best matches first, and the
// number of matches counted by the same query, which reads them all to rank them.
app.get<{ Querystring: Q }>('/core/api/_search/clients', async (request, reply) => {
  const { size, offset } = paging(request.query);
  const rows = await sql<Record<string, unknown> & { n?: number }>(
    `select t.id, t.name, t.email, t.phone, t.client_code, t.client_type, t.created_at, t.gestionnaire_id,
            count(*) over () as n
       from client t where t.search_text like search_fold($1::text)
      order by case when t.search_text like search_fold($2::text) then 0 else 1 end, t.id limit $3 offset $4`,
    [`%${request.query.query}%`, `${request.query.query}%`, size, offset],
  );
  const total = rows[0]?.n ?? offset;
  for (const row of rows) delete row.n;
  return reply.header('x-total-count', String(total)).send(rows);
});

app.get<{ Params: { id: string } }>('/core/api/clients/:id', async (request, reply) => {
  const [row] = await sql('select * from client where id = $1', [Number(request.params.id)]);
  if (!row) return reply.code(404).send();
  await logRead('client', 'client', row.id as number, 'select $1::bigint');
  return row;
});

app.get<{ Params: { id: string }; Querystring: Q }>('/core/api/bank-accounts/client/:id', async (request, reply) => {
  await logRead('accounts', 'client', Number(request.params.id), 'select $1::bigint');
  return cappedPage(
    reply,
    'select t.*',
    'from bank_account t where t.client_id = $1 order by t.id',
    [Number(request.params.id)],
    request.query,
  );
});

app.get<{ Params: { id: string } }>('/core/api/serenity-users/info/:id', async (request) => {
  const rows = await sql('select * from serenity_user where client_id = $1 order by id limit 1000', [
    Number(request.params.id),
  ]);
  await logRead('notification-users', 'client', Number(request.params.id), 'select $1::bigint');
  return rows;
});

app.get<{ Querystring: Q }>('/core/api/transactions/_search/modal', async (request, reply) => {
  const account = Number(request.query.bankaccount);
  await logRead('transactions', 'bankAccount', account, 'select client_id from bank_account where id = $1');
  return cappedPage(
    reply,
    TRANSACTION,
    `${TRANSACTION_FROM} where t.bank_account_id = $1 order by t.transaction_date desc, t.id desc`,
    [account],
    request.query,
  );
});

app.post<{ Params: { id: string } }>('/core/api/transfer-logs/story/:id', (request) =>
  sql('select * from transfer_log where transfer_id = $1 order by created_at desc, id desc limit 500', [
    Number(request.params.id),
  ]),
);

app.get<{ Params: { status: string }; Querystring: Q }>(
  '/core/api/checkbook-orders/demandStatusChequier/:status',
  async (request, reply) => {
    const { size, offset } = paging(request.query);
    const [rows, total] = await Promise.all([
      sql('select * from checkbook_order where demand_status = $1 order by id limit $2 offset $3', [
        request.params.status,
        size,
        offset,
      ]),
      counter('checkbook_order', [request.params.status]),
    ]);
    return reply.header('x-total-count', String(total)).send(rows);
  },
);

app.get<{ Params: { status: string }; Querystring: Q }>(
  '/core/api/beneficiaries/beneficiaryStatus/:status',
  async (request, reply) => {
    const { size, offset } = paging(request.query);
    const [rows, total] = await Promise.all([
      sql('select * from beneficiary where beneficiary_status = $1 order by id limit $2 offset $3', [
        request.params.status,
        size,
        offset,
      ]),
      counter('beneficiary', [request.params.status]),
    ]);
    return reply.header('x-total-count', String(total)).send(rows);
  },
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
             values ($1, $2, $3 || '{}' || $2 || '{}manager', now(), $4, $5)`,
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

await app.listen({ port: Number(process.env.PORT ?? 18900), host: '127.0.0.1' });
