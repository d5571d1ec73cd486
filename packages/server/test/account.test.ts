import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('POST api/account', () => {
  it('updates names, email and language of the signed-in account', async () => {
    const headers = bearer(await t.tokenFor('agentca'));
    const update = await t.app.inject({
      method: 'POST',
      url: '/api/account',
      headers,
      payload: { firstName: 'Cheikh Tidiane', lastName: 'Sow', email: 'ct.sow@banque.sn', langKey: 'en' },
    });
    expect(update.statusCode).toBe(200);
    const account = await t.app.inject({ url: '/api/account', headers });
    expect(account.json()).toMatchObject({
      firstName: 'Cheikh Tidiane',
      email: 'ct.sow@banque.sn',
      langKey: 'en',
      lastModifiedBy: 'agentca',
    });
  });

  it("refuses another account's email with error.emailexists and changes nothing", async () => {
    const headers = bearer(await t.tokenFor('agentsaisie'));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account',
      headers,
      payload: { firstName: 'X', lastName: 'Y', email: 'ADMIN@banque.sn', langKey: 'fr' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['x-app-error']).toBe('error.emailexists');
    const account = await t.app.inject({ url: '/api/account', headers });
    expect(account.json()).toMatchObject({ firstName: 'Aminata', email: 'agentsaisie@banque.sn' });
  });

  it('validates email and language', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account',
      headers: bearer(await t.tokenFor('agentsaisie')),
      payload: { email: 'not-an-email', langKey: 'de' },
    });
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json()
        .fieldErrors.map((f: { field: string }) => f.field)
        .sort(),
    ).toEqual(['email', 'langKey']);
  });
});

describe('POST api/account/change-password', () => {
  it('changes the password when the current one is right; the old one stops working', async () => {
    const headers = bearer(await t.tokenFor('responsabledesk'));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/change-password',
      headers,
      payload: { currentPassword: 'responsabledesk', newPassword: 'Nouveau-2026' },
    });
    expect(response.statusCode).toBe(200);
    const old = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: 'responsabledesk', password: 'responsabledesk' },
    });
    expect(old.statusCode).toBe(401);
    const fresh = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: 'responsabledesk', password: 'Nouveau-2026' },
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('refuses a wrong current password with 400 error.invalidpassword', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/change-password',
      headers: bearer(await t.tokenFor('stagiaire')),
      payload: { currentPassword: 'wrong', newPassword: 'whatever1' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('error.invalidpassword');
  });

  it('refuses a new password shorter than 4 characters', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/change-password',
      headers: bearer(await t.tokenFor('stagiaire')),
      payload: { currentPassword: 'stagiaire', newPassword: 'abc' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[0]).toMatchObject({ field: 'newPassword', message: 'Size' });
  });
});

describe('management', () => {
  it('tells the active profiles and the ribbon', async () => {
    const response = await t.app.inject({ url: '/management/info' });
    expect(response.json()).toEqual({
      activeProfiles: ['dev'],
      ribbonEnv: 'dev',
      inProduction: false,
      isSwaggerEnabled: false,
      ebankingUrl: 'http://127.0.0.1:8080/',
      sessionIdleMinutes: 15,
      oidc: null,
    });
  });

  it('reports health: status for anyone, database details for administrators', async () => {
    const anonymous = await t.app.inject({ url: '/management/health' });
    expect(anonymous.json()).toEqual({ status: 'UP' });
    const admin = await t.app.inject({ url: '/management/health', headers: bearer(await t.tokenFor('admin')) });
    expect(admin.json()).toMatchObject({
      status: 'UP',
      components: { db: { status: 'UP', details: { latencyMs: expect.any(Number) } } },
    });
  });
});
