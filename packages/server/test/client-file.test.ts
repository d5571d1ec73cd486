// The client file's calls: staff client search with the five filters, a client's accounts and
// notification users, the notification service, and the beneficiary search.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from './helper';

let t: TestApp;
let headers: Record<string, string>;
let clientId: number;
let serenityUserId: number;

const post = async (url: string, payload: Record<string, unknown>) => {
  const response = await t.app.inject({ method: 'POST', url, headers, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
};
const ids = (body: Array<{ id: number }>) => body.map((row) => row.id);

beforeAll(async () => {
  t = await startTestApp();
  headers = bearer(await t.tokenFor('manager'));
  clientId = await post('/core/api/clients', {
    name: 'Sokhna Thiâm',
    email: 'sokhna.thiam@exemple.sn',
    clientCode: 'CLFILE01',
    clientType: 'PERSONAL',
  });
  await post('/core/api/bank-accounts', { bankAccountNumber: 'SNFILE000111', iban: 'SN08FILE000111222', clientId });
  await post('/core/api/bank-accounts', { bankAccountNumber: 'SNFILE000222', clientId });
  serenityUserId = await post('/core/api/serenity-users', {
    login: 'sokhna.file',
    email: 'sokhna@exemple.sn',
    telephone: '+221770001122',
    clientId,
  });
  const beneficiaryUser = await post('/core/api/serenity-users', { login: 'sokhna.benef', clientId });
  await post('/core/api/beneficiaries', {
    name: 'Babacar Seck',
    iban: 'SN08BENEF0001',
    serenityUserId: beneficiaryUser,
  });
});
afterAll(() => t.close());

describe('client search for staff', () => {
  it.each([
    [{ name: 'sokhna thiam' }],
    [{ email: 'SOKHNA.THIAM' }],
    [{ reference: 'clfile01' }],
    [{ rib: 'FILE000111' }],
    [{ type: 'PERSONAL', name: 'Thiâm' }],
    [{ name: 'Sokhna', email: 'sokhna', reference: 'CLFILE', rib: 'SN08FILE', type: 'PERSONAL' }],
  ])('finds the client with %j (filters apply whatever is filled)', async (filters) => {
    const response = await t.app.inject({ url: '/core/api/_search/clients/filtre', query: filters, headers });
    expect(response.statusCode, response.body).toBe(200);
    expect(ids(response.json())).toContain(clientId);
  });

  it('does not find it when one filled filter does not match', async () => {
    const response = await t.app.inject({
      url: '/core/api/_search/clients/filtre',
      query: { name: 'Sokhna', type: 'COMPANY' },
      headers,
    });
    expect(ids(response.json())).not.toContain(clientId);
  });

  it('pages the plain list through getAllPageable', async () => {
    const response = await t.app.inject({
      url: '/core/api/clients/getAllPageable',
      query: { page: '0', size: '5', sort: 'clientCode,asc' },
      headers,
    });
    expect(response.statusCode).toBe(200);
    expect(Number(response.headers['x-total-count'])).toBeGreaterThan(0);
  });
});

describe("a client's file", () => {
  it('lists the accounts of the client', async () => {
    const response = await t.app.inject({ url: `/core/api/bank-accounts/client/${clientId}`, headers });
    expect(response.headers['x-total-count']).toBe('2');
    expect(
      response
        .json()
        .map((a: { bankAccountNumber: string }) => a.bankAccountNumber)
        .sort(),
    ).toEqual(['SNFILE000111', 'SNFILE000222']);
  });

  it('lists the notification users of the client, without their secrets', async () => {
    const response = await t.app.inject({ url: `/core/api/serenity-users/info/${clientId}`, headers });
    const users = response.json();
    expect(users.map((u: { login: string }) => u.login).sort()).toEqual(['sokhna.benef', 'sokhna.file']);
    expect(users[0]).not.toHaveProperty('password');
    expect(users[0]).not.toHaveProperty('pinCode');
  });

  it('keeps the notification type to its enumeration: a code of its own is refused with 400', async () => {
    const url = '/core/api/serenity-users';
    const bad = await t.app.inject({
      method: 'POST',
      url,
      headers,
      payload: { login: 'sokhna.pigeon', clientId, notifyType: 'PIGEON' },
    });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().fieldErrors.map((e: { field: string }) => e.field)).toContain('notifyType');
    const lowerCase = await t.app.inject({
      method: 'PUT',
      url: `${url}/${serenityUserId}`,
      headers,
      payload: { id: serenityUserId, version: 0, login: 'sokhna.file', clientId, notifyType: 'sms' },
    });
    expect(lowerCase.statusCode, lowerCase.body).toBe(400);
    const id = await post(url, { login: 'sokhna.both', clientId, notifyType: 'SMS_EMAIL' });
    const saved = await t.app.inject({ url: `${url}/${id}`, headers });
    expect(saved.json()).toMatchObject({ notifyType: 'SMS_EMAIL' });
  });

  it('reads and saves a notification subscription (phone required), for the desk only', async () => {
    const url = `/core/api/notification/subscriptions/${serenityUserId}`;
    const initial = await t.app.inject({ url, headers });
    expect(initial.json()).toEqual({
      id: null,
      phoneNumber: '+221770001122',
      paiement: false,
      retrait: false,
      salaire: false,
      versement: false,
      virement: false,
    });

    const missingPhone = await t.app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { phoneNumber: ' ', paiement: true },
    });
    expect(missingPhone.statusCode).toBe(400);

    const payload = {
      phoneNumber: '+221781234567',
      paiement: true,
      retrait: false,
      salaire: true,
      versement: false,
      virement: true,
    };
    const saved = await t.app.inject({ method: 'PUT', url, headers, payload });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = await t.app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { ...payload, id: saved.json().id, retrait: true },
    });
    expect(again.json()).toMatchObject({ id: saved.json().id, retrait: true, phoneNumber: '+221781234567' });

    const agent = bearer(await t.tokenFor('agentsaisie'));
    expect((await t.app.inject({ method: 'PUT', url, headers: agent, payload })).statusCode).toBe(403);
    expect((await t.app.inject({ url, headers: agent })).statusCode).toBe(200);
  });

  it('lists the notification services', async () => {
    const response = await t.app.inject({ url: '/core/api/notification/services', headers });
    expect(response.json().map((s: { key: string }) => s.key)).toEqual([
      'paiement',
      'retrait',
      'salaire',
      'versement',
      'virement',
    ]);
  });
});

describe('beneficiary search for staff', () => {
  it.each([
    [{ name: 'babacar' }],
    [{ reference: 'CLFILE01' }],
    [{ rib: 'BENEF0001' }],
    [{ type: 'PENDING', name: 'Seck' }],
  ])('finds the request with %j, newest first', async (filters) => {
    const response = await t.app.inject({ url: '/core/api/_search/beneficiaries/filtre', query: filters, headers });
    expect(response.statusCode, response.body).toBe(200);
    const rows = response.json();
    expect(
      rows.some((b: { name: string; clientCode: string }) => b.name === 'Babacar Seck' && b.clientCode === 'CLFILE01'),
    ).toBe(true);
    const dates = rows.map((b: { createdAt: string }) => Date.parse(b.createdAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('refuses an unknown state with 400', async () => {
    const response = await t.app.inject({
      url: '/core/api/_search/beneficiaries/filtre',
      query: { type: 'MAYBE' },
      headers,
    });
    expect(response.statusCode).toBe(400);
  });

  it('lists without paging, newest first', async () => {
    const response = await t.app.inject({ url: '/core/api/beneficiaries/unpageable', headers });
    expect(response.statusCode).toBe(200);
    expect(Array.isArray(response.json())).toBe(true);
  });
});
