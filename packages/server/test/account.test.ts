import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from './helper';
import { lastMailTo } from './outbox';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('POST api/account', () => {
  const save = async (login: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/account', headers: bearer(await t.tokenFor(login)), payload });
  const read = async (login: string) =>
    (await t.app.inject({ url: '/api/account', headers: bearer(await t.tokenFor(login)) })).json();

  it('updates names and language without the password, the e-mail with it, and tells the old address', async () => {
    const names = await save('manager', { firstName: 'Cheikh Tidiane', lastName: 'Sow', langKey: 'en' });
    expect(names.statusCode).toBe(200);
    const update = await save('manager', {
      email: 'CT.Sow@banque.sn',
      langKey: 'en',
      currentPassword: 'manager',
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(await read('manager')).toMatchObject({
      firstName: 'Cheikh Tidiane',
      lastName: 'Sow',
      email: 'ct.sow@banque.sn',
      langKey: 'en',
      lastModifiedBy: 'manager',
    });
    const notice = (await lastMailTo(t, 'manager@banque.sn'))!;
    expect(notice.subject).toBe('Your e-mail address was changed');
    expect(notice.text).toContain('ct.sow@banque.sn');
    expect(await lastMailTo(t, 'ct.sow@banque.sn')).toBeUndefined();
  });

  it('asks the current password for a new e-mail: 400 without it, 400 when wrong, counted toward the lockout', async () => {
    const without = await save('admin', { email: 'ailleurs@exemple.sn' });
    expect(without.statusCode).toBe(400);
    expect(without.json().message).toBe('error.currentPasswordRequired');
    expect(without.json().fieldErrors).toEqual([
      { objectName: 'account', field: 'currentPassword', message: 'NotNull' },
    ]);
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push((await save('admin', { email: 'ailleurs@exemple.sn', currentPassword: 'faux' })).json().message);
    expect(answers).toEqual([...Array(4).fill('error.invalidpassword'), 'login.messages.error.locked']);
    const right = await save('admin', { email: 'ailleurs@exemple.sn', currentPassword: 'admin' });
    expect(right.statusCode).toBe(429);
    expect((await read('admin')).email).toBe('admin@banque.sn');
    expect(await lastMailTo(t, 'admin@banque.sn')).toBeUndefined();
    await t.db.query(`delete from user_attempts where principal = 'admin'`);
  });

  it('keeps settings to ADMIN and MANAGER, as the spec does: any other role is refused, e-mail included', async () => {
    const response = await save('stagiaire', { email: 'attacker@exemple.sn', langKey: 'fr' });
    expect(response.statusCode).toBe(403);
    expect((await read('stagiaire')).email).toBe('stagiaire@banque.sn');
  });

  it('changes only the fields sent: a partial update never clears the others', async () => {
    await save('admin', { firstName: 'Awa', lastName: 'Diop' });
    expect((await save('admin', { firstName: 'Adja' })).statusCode).toBe(200);
    expect(await read('admin')).toMatchObject({ firstName: 'Adja', lastName: 'Diop', email: 'admin@banque.sn' });
    // An explicit null clears a name, as asked.
    expect((await save('admin', { lastName: null })).statusCode).toBe(200);
    expect(await read('admin')).toMatchObject({ firstName: 'Adja', lastName: null });
  });

  it("refuses another account's email with error.emailexists and changes nothing", async () => {
    const response = await save('admin', {
      firstName: 'X',
      lastName: 'Y',
      email: 'AGENTSAISIE@banque.sn',
      langKey: 'fr',
      currentPassword: 'admin',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['x-app-error']).toBe('error.emailexists');
    expect(await read('admin')).toMatchObject({ firstName: 'Adja', email: 'admin@banque.sn' });
  });

  it('validates email and language', async () => {
    const response = await save('admin', { email: 'not-an-email', langKey: 'de' });
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
