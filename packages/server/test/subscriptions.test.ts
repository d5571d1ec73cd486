// The subscription request flow: customer check, atomic save, the two staff searches, who validates a
// client subscription, and the cash lists' search through the beneficiary's name (a joined search).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES, decodeHistoryComment, entityByName, resolveJoinPath } from '@bank/domain';
import { bearer, startTestApp, type TestApp } from './helper';
import { fundedAccount } from './ledger-fixtures';

let t: TestApp;
let headers: Record<string, string>;
let packId: number;
let serviceId: number;

const post = async (url: string, payload: Record<string, unknown>) => {
  const response = await t.app.inject({ method: 'POST', url, headers, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
};
const count = async (table: string) =>
  (await t.db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;

beforeAll(async () => {
  t = await startTestApp();
  headers = bearer(await t.tokenFor('manager'));
  const clientId = await post('/core/api/clients', {
    name: 'Adama Diouf',
    clientCode: 'CLSUBS01',
    clientType: 'PERSONAL',
  });
  await post('/core/api/bank-accounts', {
    bankAccountNumber: 'SNSUBS0001',
    iban: 'SN08 0001 SUBS',
    clientId,
    bankAccountStatus: 'OPENED',
  });
  await post('/core/api/bank-accounts', {
    bankAccountNumber: 'SNSUBS0002',
    iban: 'SN08CLOSED',
    bankAccountStatus: 'CLOSED',
  });
  await post('/core/api/serenity-users', { login: 'deja.pris', email: 'deja@exemple.sn' });
  serviceId = await post('/core/api/serenity-services', { label: 'Virement' });
  packId = await post('/core/api/packs', {
    label: 'Pack Confort',
    price: '2500',
    serenityServices: [{ id: serviceId }],
  });
});
afterAll(() => t.close());

const check = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/core/api/subs-requests/check', headers, payload });

describe('customer check', () => {
  it('answers 200 for a known open account with a free login and e-mail', async () => {
    const response = await check({ iban: 'SN0800 01SUBS', login: 'adama.diouf', email: 'adama@exemple.sn' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 200, message: expect.any(String) });
  });

  it.each([
    [{ iban: 'SN99UNKNOWN', login: 'x1', email: 'x1@exemple.sn' }, /aucun compte/],
    [{ iban: 'SN08CLOSED', login: 'x2', email: 'x2@exemple.sn' }, /clôturé/],
    [{ iban: 'SN080001SUBS', login: 'DEJA.PRIS', email: 'x3@exemple.sn' }, /identifiant/i],
    [{ iban: 'SN080001SUBS', login: 'x4', email: 'deja@exemple.sn' }, /e-mail/],
  ])('refuses %j with a French message', async (payload, message) => {
    const response = await check(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(message);
  });
});

describe('save', () => {
  const save = (dto: Record<string, unknown>, pack = packId) =>
    t.app.inject({
      method: 'POST',
      url: '/core/api/subs-requests/save',
      headers,
      payload: { subsRequestDTO: dto, packId: pack },
    });
  const dto = {
    login: 'adama.diouf',
    fullName: 'Adama Diouf',
    email: 'adama@exemple.sn',
    iban: 'SN080001SUBS',
    phoneNumber: '+221770009988',
    clientType: 'PERSONAL',
  };

  it('creates the request, its services, its first history entry and the client subscription', async () => {
    const response = await save({ ...dto, serenityServices: [{ id: serviceId }] });
    expect(response.statusCode, response.body).toBe(201);
    const { subsRequest, clientSubscription } = response.json();
    expect(subsRequest).toMatchObject({
      login: 'adama.diouf',
      requestStatus: 'INPROGRESS',
      packId,
      serenityServices: [{ id: serviceId, label: 'Virement' }],
    });
    expect(clientSubscription).toMatchObject({
      subscriptionStatus: 'PENDING',
      packId,
      subsRequestId: subsRequest.id,
      clientName: 'Adama Diouf',
      packLabel: 'Pack Confort',
    });
    const story = (
      await t.app.inject({ method: 'POST', url: `/core/api/subs-request-logs/story/${subsRequest.id}`, headers })
    ).json();
    expect(decodeHistoryComment(story[0].comment)).toMatchObject({ status: 'INPROGRESS', author: 'manager' });
    // The login is now held by the open request.
    expect((await check({ iban: 'SN080001SUBS', login: 'adama.diouf' })).statusCode).toBe(400);
  });

  it('writes nothing when any part fails (unknown pack, taken login, missing phone)', async () => {
    const before = [await count('subs_request'), await count('client_subscription'), await count('subs_request_log')];
    expect((await save({ ...dto, login: 'autre.login', email: 'autre@exemple.sn' }, 999_999)).statusCode).toBe(400);
    expect((await save(dto)).statusCode).toBe(400);
    expect((await save({ ...dto, login: 'troisieme', email: 't@exemple.sn', phoneNumber: '' })).statusCode).toBe(400);
    expect(
      (await save({ ...dto, login: 'quatre', email: 'q@exemple.sn', serenityServices: [{ id: 424242 }] })).statusCode,
    ).toBe(400);
    expect([await count('subs_request'), await count('client_subscription'), await count('subs_request_log')]).toEqual(
      before,
    );
  });
});

describe('staff searches', () => {
  it('find client subscriptions by name, reference, RIB and type, newest first', async () => {
    const queries: Array<Record<string, string>> = [
      { name: 'adama' },
      { reference: 'CLSUBS01' },
      { rib: 'SN080001' },
      { type: 'PERSONAL', name: 'Diouf' },
    ];
    for (const query of queries) {
      const response = await t.app.inject({ url: '/core/api/_search/ClientSubscription/filtre', query, headers });
      expect(response.statusCode, JSON.stringify(query)).toBe(200);
      expect(
        response.json().some((s: { clientCode: string }) => s.clientCode === 'CLSUBS01'),
        JSON.stringify(query),
      ).toBe(true);
    }
  });

  it('find subscription requests by any filled filter', async () => {
    const queries: Array<Record<string, string>> = [
      { name: 'adama' },
      { email: 'ADAMA@' },
      { rib: 'sn080001subs' },
      { phoneNumber: '9988' },
      { type: 'INPROGRESS' },
    ];
    for (const query of queries) {
      const response = await t.app.inject({ url: '/core/api/subscription-requests/filtre', query, headers });
      expect(
        response.json().some((s: { login: string }) => s.login === 'adama.diouf'),
        JSON.stringify(query),
      ).toBe(true);
    }
  });
});

describe('client subscription validation', () => {
  it('is taken by the manager and the desk head only', async () => {
    const [subscription] = (
      await t.app.inject({
        url: '/core/api/_search/ClientSubscription/filtre',
        query: { reference: 'CLSUBS01' },
        headers,
      })
    ).json();
    const validate = async (login: string, row: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: `/core/api/client-subscriptions/${row.id}`,
        headers: bearer(await t.tokenFor(login)),
        payload: { ...row, subscriptionStatus: 'ENABLE' },
      });
    const body = (row: Record<string, unknown>) => {
      const fields = entityByName('clientSubscription').fields.map((f) => f.name);
      return Object.fromEntries(Object.entries(row).filter(([key]) => ['id', 'version', ...fields].includes(key)));
    };
    for (const login of ['agentsaisie', 'reclamations', 'agentca'])
      expect((await validate(login, body(subscription))).statusCode, login).toBe(403);
    const validated = await validate('responsabledesk', body(subscription));
    expect(validated.statusCode, validated.body).toBe(200);
    expect(validated.json().subscriptionStatus).toBe('ENABLE');
  });
});

describe('search through joined fields', () => {
  let provisionId: number;
  beforeAll(async () => {
    const beneficiaryCashId = await post('/core/api/beneficiary-cashes', {
      firstName: 'Ndèye Coumba',
      lastName: 'Thiaw',
      phoneNumber: '+221770004455',
      identificationNumero: 'CNI-JOIN-01',
    });
    provisionId = await post('/core/api/provision-cashes', {
      motifProvision: 'Frais de scolarité',
      amount: '150000',
      demandStatus: 'PENDING',
      beneficiaryCashId,
      bankAccountId: await fundedAccount(t.db),
    });
  });
  const search = async (query: string, sort = 'createdAt,desc') => {
    const response = await t.app.inject({ url: '/core/api/_search/provision-cashes', query: { query, sort }, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Array<{ id: number }>>().map((row) => row.id);
  };

  it("finds a provision by its beneficiary's first name, last name or both, accents and case aside", async () => {
    for (const text of ['ndeye', 'THIAW', 'coumba thiaw', 'scolarite'])
      expect(await search(text), text).toContain(provisionId);
  });

  it('matches only the joined fields the declaration names, and sorts by a joined field', async () => {
    // The beneficiary's phone is in its own search text, not among the provision's searchJoined.
    expect(await search('770004455')).not.toContain(provisionId);
    expect(await search('thiaw', 'beneficiaryCashLastName,asc')).toContain(provisionId);
  });

  it('declares, for every entity, joined text fields that run together in the linked search text', () => {
    // A run of the linked entity's searchable fields is what lets its trigram index serve the search.
    for (const entity of ENTITIES) {
      const byPath = new Map<string, string[]>();
      for (const name of entity.searchJoined) {
        const { steps, field } = resolveJoinPath(entity, entity.joined[name]!, entityByName);
        expect(field.searchable, `${entity.name}.${name}`).toBe(true);
        const target = steps.at(-1)!.target;
        const key = `${steps.map((step) => step.ref.name).join('.')}:${target.name}`;
        byPath.set(key, [...(byPath.get(key) ?? []), field.name]);
      }
      for (const [key, names] of byPath) {
        const searchable = entityByName(key.split(':')[1]!)
          .fields.filter((f) => f.searchable)
          .map((f) => f.name);
        const start = searchable.indexOf(names[0]!);
        expect(searchable.slice(start, start + names.length), `${entity.name} ${key}`).toEqual(names);
      }
    }
  });
});
