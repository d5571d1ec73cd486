// The header search (Ctrl+K) by account number, IBAN, client code and name, and the client file's list
// of the client's requests of every type: who may call them, what they find, paging and bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_ACCESS, WORKFLOWS, entityAccess, entityByName, requestClientPath } from '@bank/domain';
import { insertUser } from '../src/modules/account/users';
import { clientRequests } from '../src/modules/clients/requests';
import { SAMPLE } from '../src/seed/samples';
import { hashPassword } from '../src/security/passwords';
import { bearer, startTestApp, type TestApp } from './helper';
import { fund } from './ledger-fixtures';

let t: TestApp;
let manager: Record<string, string>;
let plainUser: Record<string, string>;
/** The client with accounts and requests, and one without either. */
const ids = { client: 0, account: 0, serenityUser: 0, bare: 0 };

const post = async (url: string, payload: Record<string, unknown>) => {
  const response = await t.app.inject({ method: 'POST', url, headers: manager, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
};

beforeAll(async () => {
  t = await startTestApp();
  manager = bearer(await t.tokenFor('manager'));
  await insertUser(t.db, {
    login: 'plainuser',
    passwordHash: await hashPassword('plainuser'),
    activated: true,
    authorities: ['ROLE_USER'],
  });
  plainUser = bearer(await t.tokenFor('plainuser'));
  ids.client = await post('/core/api/clients', { name: 'Aminata Ndiâye Quêtelo', clientCode: 'CLSRCH01' });
  await post('/core/api/bank-accounts', { bankAccountNumber: 'SNSRCH000001', clientId: ids.client });
  ids.account = await post('/core/api/bank-accounts', {
    bankAccountNumber: 'SNSRCH000002',
    iban: 'SN12SRCH0000020000000042',
    clientId: ids.client,
  });
  // The transfer and provision below hold their amounts on it.
  await fund(t.db, ids.account, 1_000_000);
  ids.serenityUser = await post('/core/api/serenity-users', { login: 'aminata.search', clientId: ids.client });
  ids.bare = await post('/core/api/clients', { name: 'Ousmane Quêtelo', clientCode: 'CLSRCH02' });
  // One request of every type, each linked to the client the way its type is (account, user or client).
  const linked: Record<string, number> = {
    bankAccount: ids.account,
    serenityUser: ids.serenityUser,
    client: ids.client,
  };
  for (const workflow of WORKFLOWS) {
    const entity = entityByName(workflow.entity);
    const { steps, clientRef } = requestClientPath(entity.name);
    const first = steps[0]?.ref ?? clientRef;
    const required = entity.fields.filter((f) => f.required).map((f) => [f.name, SAMPLE[f.kind](f, 1, undefined)]);
    await post(entity.path, { ...Object.fromEntries(required), [first.name]: linked[first.ref!] });
  }
});
afterAll(() => t.close());

const search = (query: Record<string, string>, headers = manager) =>
  t.app.inject({ url: '/core/api/_search/clients/quick', query, headers });
const found = async (text: string) => {
  const response = await search({ query: text });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Array<{ id: number; name: string; clientCode: string; bankAccountNumber: string }>>();
};

describe('header search', () => {
  it('finds a client by its exact account number, whatever the case, with that account', async () => {
    const [first] = await found(' snsrch000002 ');
    expect(first).toEqual({
      id: ids.client,
      name: 'Aminata Ndiâye Quêtelo',
      clientCode: 'CLSRCH01',
      bankAccountNumber: 'SNSRCH000002',
    });
  });

  it('finds a client by an IBAN typed in groups of four, with the account it names', async () => {
    const [first] = await found('sn12 srch 0000 0200 0000 0042');
    expect(first).toMatchObject({ id: ids.client, bankAccountNumber: 'SNSRCH000002' });
  });

  it('does not take part of an account number for the account', async () => {
    expect((await found('SRCH00000')).map((c) => c.id)).not.toContain(ids.client);
  });

  it('finds a client by its exact code, first, with its first account', async () => {
    const [first] = await found('clsrch01');
    expect(first).toMatchObject({ id: ids.client, bankAccountNumber: 'SNSRCH000001' });
  });

  it('finds clients by a fragment of their name, accents and case aside; a client without accounts too', async () => {
    const matches = await found('quetelo');
    expect(matches.map((c) => c.id).sort()).toEqual([ids.client, ids.bare].sort());
    expect(matches.find((c) => c.id === ids.bare)!.bankAccountNumber).toBeNull();
    // Names starting with the text come first.
    expect((await found('ousmane quet'))[0]!.id).toBe(ids.bare);
  });

  it('gives at most `size` clients', async () => {
    const response = await search({ query: 'quetelo', size: '1' });
    expect(response.json()).toHaveLength(1);
  });

  it.each([[{}], [{ query: '' }], [{ query: '   ' }], [{ query: 'x'.repeat(101) }], [{ query: 'ok', size: '0' }]])(
    'refuses %j with a 400',
    async (query) => {
      const response = await search(query as Record<string, string>);
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
    },
  );

  it('is for staff only: 401 without a token, 403 without a staff role', async () => {
    expect((await search({ query: 'CLSRCH01' }, {})).statusCode).toBe(401);
    expect((await search({ query: 'CLSRCH01' }, plainUser)).statusCode).toBe(403);
  });

  it('answers exactly the roles the header offers it to, those that open the client file', () => {
    expect([...entityAccess('client', 'read')].sort()).toEqual([...ROUTE_ACCESS.entity].sort());
  });
});

describe("a client's requests", () => {
  const url = (clientId: number) => `/core/api/clients/${clientId}/requests`;
  type Item = { type: string; id: number; status: string; createdAt: string };

  it('lists one request of every type, newest first, with its status and date', async () => {
    const response = await t.app.inject({ url: url(ids.client), headers: manager });
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json<Item[]>();
    expect(rows.map((r) => r.type).sort()).toEqual(WORKFLOWS.map((w) => w.entity).sort());
    expect(response.headers['x-total-count']).toBe(String(WORKFLOWS.length));
    const times = rows.map((r) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const row of rows) {
      const workflow = WORKFLOWS.find((w) => w.entity === row.type)!;
      const request = await t.app.inject({ url: `${entityByName(row.type).path}/${row.id}`, headers: manager });
      expect(row.status).toBe(request.json()[workflow.status]);
    }
  });

  it('pages them', async () => {
    const all = (await t.app.inject({ url: url(ids.client), headers: manager })).json<Item[]>();
    const response = await t.app.inject({ url: url(ids.client), query: { page: '1', size: '4' }, headers: manager });
    expect(response.json()).toEqual(all.slice(4, 8));
    expect(response.headers.link).toContain('rel="next"');
  });

  it('lists nothing for a client without requests', async () => {
    const response = await t.app.inject({ url: url(ids.bare), headers: manager });
    expect(response.json()).toEqual([]);
    expect(response.headers['x-total-count']).toBe('0');
  });

  it('refuses a sort or a criterion rather than ignore it: 400 naming it', async () => {
    const queries: Array<Record<string, string>> = [
      { sort: 'id,asc' },
      { 'dateOfBirth.in': '2026-02-30' },
      { status: 'PENDING' },
    ];
    for (const query of queries) {
      const response = await t.app.inject({ url: url(ids.client), query, headers: manager });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().fieldErrors[0].field).toBe(Object.keys(query)[0]);
    }
  });

  it('answers 404 for an unknown client and 400 for a bad id', async () => {
    expect((await t.app.inject({ url: url(99_999_999), headers: manager })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/core/api/clients/abc/requests', headers: manager })).statusCode).toBe(400);
  });

  it('is refused to a user without a staff role, and reads no type a role may not read', async () => {
    expect((await t.app.inject({ url: url(ids.client), headers: plainUser })).statusCode).toBe(403);
    expect(await clientRequests(t.db, ids.client, ['ROLE_USER'], {})).toMatchObject({ rows: [], total: 0 });
  });
});
