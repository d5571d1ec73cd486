// The header search (Ctrl+K): a client found as staff type, by account number or IBAN (exact), by
// client code (exact), or by a fragment of its name or other searchable text. Each way reads an index:
// the unique keys of account numbers and client codes, the IBAN index, the clients' trigram index.
import type { FastifyInstance } from 'fastify';
import { entityAccess, entityByName } from '@bank/domain';
import type { Database } from '../../db/database';
import { TRIGRAM_LENGTH, quote, searchExpression } from '../../db/schema';
import { Params, likeEscape } from '../../engine/list-query';

const client = entityByName('client');
const account = entityByName('bankAccount');
const clientColumn = (field: string) => quote(client.field(field)!.column);
const accountColumn = (field: string) => quote(account.field(field)!.column);
/** The clients' folded searchable text, which their trigram index covers. */
const clientText = searchExpression(client, 'c')!;

/** Text matches taken before ranking: a broad fragment ("diop") stops there instead of ranking thousands. */
const TEXT_CANDIDATES = 50;

const quickQuery = {
  type: 'object',
  required: ['query'],
  properties: {
    query: { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' },
    size: { type: 'integer', minimum: 1, maximum: 20, default: 8 },
  },
} as const;

const quickResponse = {
  200: {
    type: 'array',
    items: {
      type: 'object',
      properties: {
        id: { type: 'integer' },
        name: { type: ['string', 'null'] },
        clientCode: { type: ['string', 'null'] },
        bankAccountNumber: { type: ['string', 'null'] },
      },
    },
  },
} as const;

export interface QuickMatch {
  id: number;
  name: string | null;
  clientCode: string | null;
  /** The account that matched, else the client's first account. */
  bankAccountNumber: string | null;
}

/**
 * The clients matching `text`, best first: an account number or IBAN, then a client code, then names
 * starting with the text, names holding it, and clients matched by their other text (e-mail, address…).
 * @example await quickSearch(db, 'SN08 1234', 8)
 */
export async function quickSearch(db: Database, text: string, size: number): Promise<QuickMatch[]> {
  const needle = text.trim();
  // IBANs are written in groups of four; they are stored without spaces, in capitals.
  const compact = needle.replace(/\s+/g, '').toUpperCase();
  const params = new Params();
  const exact = params.add(compact);
  const hits = [
    `select b.${accountColumn('clientId')} as client_id, b.id as account_id, 0 as rank
       from ${quote(account.table)} b
      where lower(b.${accountColumn('bankAccountNumber')}) = lower(${exact}) or b.${accountColumn('iban')} = ${exact}`,
    `select c.id, null::bigint, 1 from ${quote(client.table)} c where lower(c.${clientColumn('clientCode')}) = lower(${params.add(needle)})`,
  ];
  // Shorter text gives the trigram index nothing to narrow: it is matched as a code or account only.
  if (needle.length >= TRIGRAM_LENGTH) {
    const contains = `search_fold(${params.add(`%${likeEscape(needle)}%`)}::text)`;
    const starts = `search_fold(${params.add(`${likeEscape(needle)}%`)}::text)`;
    hits.push(
      `select m.id, null::bigint, case when search_fold(m.${clientColumn('name')}) like ${starts} then 2
                                       when search_fold(m.${clientColumn('name')}) like ${contains} then 3 else 4 end
         from (select c.id, c.${clientColumn('name')} from ${quote(client.table)} c
                where ${clientText} like ${contains} limit ${TEXT_CANDIDATES}) m`,
    );
  }
  const rows = await db.query<QuickMatch>(
    `with hits as (${hits.join(' union all ')}),
          best as (select client_id, min(rank) as rank,
                          (array_agg(account_id order by rank) filter (where account_id is not null))[1] as account_id
                     from hits where client_id is not null group by client_id)
     select c.id, c.${clientColumn('name')} as "name", c.${clientColumn('clientCode')} as "clientCode",
            coalesce(a.${accountColumn('bankAccountNumber')},
                     (select f.${accountColumn('bankAccountNumber')} from ${quote(account.table)} f
                       where f.${accountColumn('clientId')} = c.id order by f.id limit 1)) as "bankAccountNumber"
       from best join ${quote(client.table)} c on c.id = best.client_id
       left join ${quote(account.table)} a on a.id = best.account_id
      order by best.rank, c.${clientColumn('name')}, c.id
      limit ${params.add(size)}`,
    params.values,
  );
  return rows;
}

export function registerClientSearchRoutes(app: FastifyInstance, db: Database): void {
  app.get<{ Querystring: { query: string; size: number } }>(
    '/core/api/_search/clients/quick',
    {
      // Whoever may open a client file (the same rule as the file's own calls).
      config: { access: entityAccess('client', 'read') },
      schema: { querystring: quickQuery, response: quickResponse },
    },
    async (request) => quickSearch(db, request.query.query, request.query.size),
  );
}
