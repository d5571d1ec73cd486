import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '@bank/domain';
import { bearer, startTestApp, type TestApp } from './helper';
import { keyIn, lastMailTo } from './outbox';

let t: TestApp;
beforeAll(async () => {
  // This suite registers more accounts a minute than the default limit allows; the limit has its own test.
  t = await startTestApp({ config: { rateLimitRegister: 100 } });
});
afterAll(() => t.close());

const register = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/register', payload });
const activate = (key: string) => t.app.inject({ url: `/api/activate?key=${encodeURIComponent(key)}` });
const signIn = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/authenticate', payload: { username, password } });
const resetInit = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/reset-password/init',
    headers: { 'content-type': 'text/plain' },
    payload: email,
  });
const resetFinish = (key: string, newPassword: string) =>
  t.app.inject({ method: 'POST', url: '/api/account/reset-password/finish', payload: { key, newPassword } });

async function auditTypes(principal: string): Promise<string[]> {
  const rows = await t.db.query<{ event_type: string }>(
    'select event_type from audit_event where principal = $1 order by id',
    [principal],
  );
  return rows.map((r) => r.event_type);
}

describe('registration and activation', () => {
  it('registers an inactive ROLE_USER account, mails the activation link, and activates it with the key', async () => {
    const response = await register({
      login: 'Awa.Ndiaye',
      email: 'awa@exemple.sn',
      password: 'secret',
      langKey: 'fr',
    });
    expect(response.statusCode).toBe(201);

    const refused = await signIn('awa.ndiaye', 'secret');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('login.messages.error.notActivated');

    const mail = (await lastMailTo(t, 'awa@exemple.sn'))!;
    expect(mail.subject).toBe('Activation de votre compte');
    expect(mail.text).toContain('http://127.0.0.1:8080/activate/');
    const key = keyIn(mail.text, 'activate');
    const [stored] = await t.db.query<{ activation_key: string }>(
      `select activation_key from app_user where login = 'awa.ndiaye'`,
    );
    expect(stored!.activation_key).not.toContain(key);

    expect((await activate(key)).statusCode).toBe(200);
    const token = (await signIn('awa.ndiaye', 'secret')).json().id_token;
    const account = await t.app.inject({ url: '/api/account', headers: bearer(token) });
    expect(account.json()).toMatchObject({ login: 'awa.ndiaye', activated: true, authorities: [ROLES.USER] });
    expect(await auditTypes('awa.ndiaye')).toEqual(
      expect.arrayContaining(['ACCOUNT_REGISTERED', 'ACCOUNT_ACTIVATED', 'AUTHENTICATION_SUCCESS']),
    );
  });

  it('answers 400 error.activation for a used or unknown key, never a 500', async () => {
    await register({ login: 'once', email: 'once@exemple.sn', password: 'secret' });
    const key = keyIn((await lastMailTo(t, 'once@exemple.sn'))!.text, 'activate');
    expect((await activate(key)).statusCode).toBe(200);
    for (const bad of [key, 'unknown-key', 'x'.repeat(200)]) {
      const response = await activate(bad);
      expect(response.statusCode).toBe(400);
      expect(response.headers['x-app-error']).toBe('error.activation');
      expect(response.json().message).toBe('error.activation');
    }
    expect((await t.app.inject({ url: '/api/activate' })).statusCode).toBe(400);
  });

  it('writes the activation mail in English for langKey en', async () => {
    await register({ login: 'english', email: 'english@exemple.sn', password: 'secret', langKey: 'en' });
    const mail = (await lastMailTo(t, 'english@exemple.sn'))!;
    expect(mail.subject).toBe('Account activation');
    expect(mail.text).toContain('Open this link to activate it');
  });

  it('answers a taken login or address as a new one, and tells only the mailbox given', async () => {
    const fresh = await register({ login: 'nouveau', email: 'nouveau@exemple.sn', password: 'secret' });
    const login = await register({ login: 'MANAGER', email: 'new@exemple.sn', password: 'secret' });
    const email = await register({ login: 'newcomer', email: 'Admin@Banque.sn', password: 'secret' });
    for (const response of [login, email]) {
      expect(response.statusCode).toBe(fresh.statusCode);
      expect(response.body).toBe(fresh.body);
      expect(response.headers['x-app-error']).toBeUndefined();
    }
    // Neither created an account; the address's owner hears which account it already has.
    const created = await t.db.query(`select 1 from app_user where login in ('newcomer') or email = 'new@exemple.sn'`);
    expect(created).toHaveLength(0);
    const toOwner = (await lastMailTo(t, 'admin@banque.sn'))!;
    expect(toOwner.text).toContain('« admin »');
    expect(toOwner.text).toContain('/reset/request');
    expect(toOwner.text).not.toMatch(/activate\//);
    const toNewcomer = (await lastMailTo(t, 'new@exemple.sn'))!;
    expect(toNewcomer.text).toContain("Le nom d'utilisateur « manager » est déjà pris");
    expect(await auditTypes('newcomer')).toEqual(['ACCOUNT_REGISTRATION_REFUSED']);
  });

  it('replaces a registration still waiting for activation, whose old key then no longer works', async () => {
    await register({ login: 'pending', email: 'first@exemple.sn', password: 'secret' });
    const firstKey = keyIn((await lastMailTo(t, 'first@exemple.sn'))!.text, 'activate');
    const again = await register({ login: 'pending', email: 'second@exemple.sn', password: 'secret2' });
    expect(again.statusCode).toBe(201);
    expect((await activate(firstKey)).statusCode).toBe(400);
    const secondKey = keyIn((await lastMailTo(t, 'second@exemple.sn'))!.text, 'activate');
    expect((await activate(secondKey)).statusCode).toBe(200);
    expect((await signIn('pending', 'secret2')).statusCode).toBe(200);
  });

  it('never replaces an account an administrator made inactive', async () => {
    await t.db.query(`update app_user set activated = false where login = 'stagiaire'`);
    const response = await register({ login: 'stagiaire', email: 'intrus@exemple.sn', password: 'secret' });
    await t.db.query(`update app_user set activated = true where login = 'stagiaire'`);
    expect(response.statusCode).toBe(201);
    const [kept] = await t.db.query<{ email: string }>(`select email from app_user where login = 'stagiaire'`);
    expect(kept!.email).toBe('stagiaire@banque.sn');
  });

  it.each([
    [{ login: 'bad login!', email: 'ok@exemple.sn', password: 'secret' }, 'login'],
    [{ login: 'x'.repeat(51), email: 'ok@exemple.sn', password: 'secret' }, 'login'],
    [{ login: 'okay', email: 'a@b', password: 'secret' }, 'email'],
    [{ login: 'okay', email: 'ok@exemple.sn', password: 'abc' }, 'password'],
    [{ login: 'okay', email: 'ok@exemple.sn', password: 'x'.repeat(51) }, 'password'],
    [{ login: 'okay', email: 'ok@exemple.sn', password: 'secret', langKey: 'de' }, 'langKey'],
  ])('refuses %j with a field error on %s', async (payload, field) => {
    const response = await register(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.map((f: { field: string }) => f.field)).toContain(field);
  });
});

describe('password reset by e-mail', () => {
  it('mails a reset link for a text/plain e-mail, and the key sets a new password once', async () => {
    const init = await resetInit('  AgentCA@banque.sn\n');
    expect(init.statusCode).toBe(200);
    const mail = (await lastMailTo(t, 'agentca@banque.sn'))!;
    expect(mail.subject).toBe('Réinitialisation de votre mot de passe');
    const key = keyIn(mail.text, 'reset/finish');

    expect((await resetFinish(key, 'Nouveau-Passe-1')).statusCode).toBe(200);
    expect((await signIn('agentca', 'agentca')).statusCode).toBe(401);
    expect((await signIn('agentca', 'Nouveau-Passe-1')).statusCode).toBe(200);

    const reused = await resetFinish(key, 'Encore-Autre-2');
    expect(reused.statusCode).toBe(400);
    expect(reused.headers['x-app-error']).toBe('error.resetkey');
    expect((await signIn('agentca', 'Nouveau-Passe-1')).statusCode).toBe(200);
    expect(await auditTypes('agentca')).toEqual(
      expect.arrayContaining(['PASSWORD_RESET_REQUESTED', 'PASSWORD_RESET_FINISHED']),
    );
  });

  it('refuses a key older than 24 hours', async () => {
    await resetInit('agentrsic@banque.sn');
    const key = keyIn((await lastMailTo(t, 'agentrsic@banque.sn'))!.text, 'reset/finish');
    await t.db.query(`update app_user set reset_date = now() - interval '24 hours 1 minute' where login = 'agentrsic'`);
    const response = await resetFinish(key, 'Trop-Tard-123');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('error.resetkey');
    expect((await signIn('agentrsic', 'agentrsic')).statusCode).toBe(200);
  });

  it('refuses an unknown key, and a new password shorter than 8 characters', async () => {
    expect((await resetFinish('made-up-key-000000000000', 'Valide-123')).headers['x-app-error']).toBe('error.resetkey');
    await resetInit('reclamations@banque.sn');
    const key = keyIn((await lastMailTo(t, 'reclamations@banque.sn'))!.text, 'reset/finish');
    const short = await resetFinish(key, 'Court1!');
    expect(short.statusCode).toBe(400);
    expect(short.json().fieldErrors[0].field).toBe('newPassword');
    expect((await resetFinish(key, 'Assez-Long-1')).statusCode).toBe(200);
  });

  it('answers an unknown e-mail as a known one, and sends nothing', async () => {
    const known = await resetInit('agentsaisie@banque.sn');
    const response = await resetInit('personne@exemple.sn');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(known.body);
    expect(response.headers['x-app-error']).toBeUndefined();
    expect(await lastMailTo(t, 'personne@exemple.sn')).toBeUndefined();
  });

  it('lifts a sign-in lockout once the password is reset', async () => {
    for (let i = 0; i < 5; i++) await signIn('responsabledesk', 'wrong');
    expect((await signIn('responsabledesk', 'responsabledesk')).json().message).toBe('login.messages.error.locked');
    await resetInit('responsabledesk@banque.sn');
    const key = keyIn((await lastMailTo(t, 'responsabledesk@banque.sn'))!.text, 'reset/finish');
    await resetFinish(key, 'Deverrouille-1');
    expect((await signIn('responsabledesk', 'Deverrouille-1')).statusCode).toBe(200);
  });

  it('refuses a body over a few kilobytes', async () => {
    const response = await resetInit(`${'a'.repeat(5000)}@exemple.sn`);
    expect(response.statusCode).toBe(413);
    expect(response.headers['content-type']).toContain('application/problem+json');
  });
});

describe('rate limits per IP', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({
      seed: 'none',
      config: { rateLimitAuthenticate: 3, rateLimitRegister: 2, rateLimitResetPassword: 1 },
    });
  });
  afterAll(() => limited.close());

  const call = (url: string, payload: unknown, remoteAddress = '10.0.0.1') =>
    limited.app.inject({
      method: 'POST',
      url,
      payload: payload as string,
      remoteAddress,
      headers: { 'content-type': typeof payload === 'string' ? 'text/plain' : 'application/json' },
    });

  it.each([
    ['/api/authenticate', { username: 'nobody', password: 'x' }, 3],
    ['/api/register', { login: 'bad login', email: 'x@exemple.sn', password: 'secret' }, 2],
    ['/api/account/reset-password/init', 'nobody@exemple.sn', 1],
  ] as const)('%s %j: 429 problem+json after %i calls a minute, for that IP only', async (url, payload, max) => {
    for (let i = 0; i < max; i++) expect((await call(url, payload)).statusCode).not.toBe(429);
    const limitedResponse = await call(url, payload);
    expect(limitedResponse.statusCode).toBe(429);
    expect(limitedResponse.headers['content-type']).toContain('application/problem+json');
    expect(limitedResponse.json()).toMatchObject({ status: 429, message: 'error.http.429' });
    expect(Number(limitedResponse.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(url, payload, '10.0.0.2')).statusCode).not.toBe(429);
  });

  it('leaves other calls unlimited', async () => {
    for (let i = 0; i < 5; i++) expect((await limited.app.inject({ url: '/management/info' })).statusCode).toBe(200);
  });
});
