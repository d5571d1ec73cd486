// Account subscriptions (spec part 2 §2.6, §2.9): the customer check, the save that creates the request,
// its services, its first history entry and the client subscription in one transaction, and the two
// staff searches (always newest first).
import type { FastifyInstance } from 'fastify';
import { encodeHistoryComment, entityAccess, entityBodySchema, entityByName } from '@bank/domain';
import type { Database, Queryable } from '../../db/database';
import { quote } from '../../db/schema';
import type { EntityService } from '../../engine/entity-service';
import type { Query } from '../../engine/list-query';
import { listRoute } from '../../engine/routes';
import { HttpProblem, badRequest } from '../../problem';

const NEWEST_FIRST = 'createdAt,desc';
/** Requests in these states no longer hold their login and e-mail. */
const RELEASED = ['REJECTED', 'CANCELLED'];

const checkBody = {
  type: 'object',
  required: ['iban'],
  additionalProperties: false,
  properties: {
    iban: { type: 'string', minLength: 1, maxLength: 34 },
    login: { type: ['string', 'null'], maxLength: 50 },
    email: { type: ['string', 'null'], maxLength: 254 },
  },
} as const;

const saveBody = {
  type: 'object',
  required: ['subsRequestDTO', 'packId'],
  additionalProperties: false,
  properties: {
    subsRequestDTO: entityBodySchema(entityByName('subsRequest')),
    packId: { type: 'integer', minimum: 1 },
  },
} as const;

const table = (entity: string) => quote(entityByName(entity).table);
const col = (entity: string, field: string) => quote(entityByName(entity).field(field)!.column);
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const compact = (iban: string) => iban.replace(/\s+/g, '').toUpperCase();

/** A refusal of the customer check: the web shows `detail` in its warning modal. */
const refused = (detail: string) =>
  new HttpProblem(400, { message: 'error.subscription.check', title: 'Vérification du client', detail });

/**
 * The customer check (DESIGN.md §5): the IBAN is a known open account of the bank, and the login and
 * e-mail are used neither by an online-banking user nor by a request still open. Returns the account id.
 */
async function checkCustomer(db: Queryable, iban: string, login: string, email: string): Promise<number> {
  const [account] = await db.query<{ id: number; status: string }>(
    `select id, ${col('bankAccount', 'bankAccountStatus')} as status from ${table('bankAccount')}
      where upper(replace(${col('bankAccount', 'iban')}, ' ', '')) = $1 or upper(${col('bankAccount', 'bankAccountNumber')}) = $1
      order by id limit 1`,
    [compact(iban)],
  );
  if (!account) throw refused(`Le RIB ${iban} ne correspond à aucun compte de la banque.`);
  if (account.status !== 'OPENED') throw refused(`Le compte ${iban} est clôturé : il ne peut pas être abonné.`);
  for (const [field, value, label] of [
    ['login', login, "L'identifiant"],
    ['email', email, "L'adresse e-mail"],
  ] as const) {
    if (!value) continue;
    const [taken] = await db.query(
      `select 1 from ${table('serenityUser')} where lower(${col('serenityUser', field)}) = lower($1)
       union all
       select 1 from ${table('subsRequest')} where lower(${col('subsRequest', field)}) = lower($1)
          and coalesce(${col('subsRequest', 'requestStatus')}, '') <> all($2::text[])
       limit 1`,
      [value, RELEASED],
    );
    if (taken) throw refused(`${label} ${value} est déjà utilisé(e) par un autre abonné.`);
  }
  return account.id;
}

export function registerSubscriptionRoutes(
  app: FastifyInstance,
  db: Database,
  services: Map<string, EntityService>,
): void {
  const requests = services.get('subsRequest')!;
  const subscriptions = services.get('clientSubscription')!;
  const create = { access: entityAccess('subsRequest', 'create') };

  app.post<{ Body: { iban: string; login?: string | null; email?: string | null } }>(
    '/core/api/subs-requests/check',
    { config: create, schema: { body: checkBody } },
    async (request) => {
      const { iban, login, email } = request.body;
      await checkCustomer(db, iban, text(login), text(email));
      return {
        status: 200,
        message: `Le client peut être abonné : le compte ${iban} est ouvert et l'identifiant est libre.`,
      };
    },
  );

  app.post<{ Body: { subsRequestDTO: Record<string, unknown>; packId: number } }>(
    '/core/api/subs-requests/save',
    { config: create, schema: { body: saveBody } },
    async (request, reply) => {
      const dto = { ...request.body.subsRequestDTO };
      if (dto.id !== undefined && dto.id !== null)
        throw badRequest('error.idexists', 'A new request cannot have an id');
      if (!text(dto.phoneNumber)) {
        throw badRequest('error.validation', 'The phone number is required', [
          { objectName: 'subsRequest', field: 'phoneNumber', message: 'NotNull' },
        ]);
      }
      const { packId } = request.body;
      const login = request.user!.login;
      const saved = await db.transaction(async (tx) => {
        const bankAccountId = await checkCustomer(tx, String(dto.iban), text(dto.login), text(dto.email));
        const [pack] = await tx.query(`select 1 from ${table('pack')} where id = $1`, [packId]);
        if (!pack) {
          throw badRequest('error.validation', 'Unknown pack', [
            { objectName: 'subsRequest', field: 'packId', message: 'NotFound' },
          ]);
        }
        const status = String(entityByName('subsRequest').field('requestStatus')!.default);
        const subsRequest = await requests.create({ ...dto, packId, requestStatus: status }, request.user!, tx);
        await tx.query(
          `insert into ${table('subsRequestLog')} (${col('subsRequestLog', 'comment')}, ${col('subsRequestLog', 'requestStatus')}, ${col('subsRequestLog', 'subsRequestId')})
           values ($1, $2, $3)`,
          [encodeHistoryComment('Demande de création de compte enregistrée', status, login), status, subsRequest.id],
        );
        const clientSubscription = await subscriptions.create(
          { subscriptionStatus: 'PENDING', packId, bankAccountId, subsRequestId: subsRequest.id },
          request.user!,
          tx,
        );
        return { subsRequest, clientSubscription };
      });
      return reply.code(201).send(saved);
    },
  );

  // DESIGN.md §5: the filters apply whatever is filled.
  listRoute<{ Querystring: Query & Record<string, string | undefined> }>(
    app,
    '/core/api/_search/ClientSubscription/filtre',
    { config: { access: entityAccess('clientSubscription', 'read') } },
    subscriptions.entity,
    async (_request, { name, email, reference, rib, type, ...rest }) => {
      const criteria: Record<string, string> = {};
      if (text(name)) criteria['clientName.contains'] = text(name);
      if (text(email)) criteria['email.contains'] = text(email);
      if (text(reference)) criteria['clientCode.contains'] = text(reference);
      if (text(rib)) criteria['iban.contains'] = compact(text(rib));
      if (text(type)) criteria['clientType.equals'] = text(type).toUpperCase();
      return subscriptions.list({ ...rest, ...criteria }, { defaultSort: NEWEST_FIRST });
    },
  );

  listRoute<{ Querystring: Query & Record<string, string | undefined> }>(
    app,
    '/core/api/subscription-requests/filtre',
    { config: { access: entityAccess('subsRequest', 'read') } },
    requests.entity,
    async (_request, { name, email, reference, rib, phoneNumber, type, ...rest }) => {
      const criteria: Record<string, string> = {};
      if (text(name)) criteria['fullName.contains'] = text(name);
      if (text(email)) criteria['email.contains'] = text(email);
      if (text(reference)) criteria['login.contains'] = text(reference);
      if (text(rib)) criteria['iban.contains'] = compact(text(rib));
      if (text(phoneNumber)) criteria['phoneNumber.contains'] = text(phoneNumber);
      if (text(type)) criteria['requestStatus.equals'] = text(type).toUpperCase();
      return requests.list({ ...rest, ...criteria }, { defaultSort: NEWEST_FIRST });
    },
  );
}
