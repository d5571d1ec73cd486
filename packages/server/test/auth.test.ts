import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { DEMO_ACCOUNTS, ROLES } from '@bank/domain';
import { bearer, startTestApp, type TestApp } from './helper';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  // A route that only administrators may call, to prove the guard's 403 path.
  t.app.get('/api/test/admin-only', { config: { access: [ROLES.ADMIN] } }, async () => ({ ok: true }));
});
afterAll(() => t.close());

const secret = async () => t.keys.jwtSecret;

describe('POST api/authenticate', () => {
  it.each(DEMO_ACCOUNTS.map((a) => [a.login, a.authorities] as const))(
    'signs in %s with password = login and returns its authorities in the token',
    async (login, authorities) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/authenticate',
        payload: { username: login, password: login },
      });
      expect(response.statusCode).toBe(200);
      const { id_token } = response.json<{ id_token: string }>();
      expect(response.headers.authorization).toBe(`Bearer ${id_token}`);
      const account = await t.app.inject({ url: '/api/account', headers: bearer(id_token) });
      expect(account.statusCode).toBe(200);
      expect(account.json()).toMatchObject({ login, activated: true, authorities: [...authorities].sort() });
      expect(account.json()).not.toHaveProperty('password_hash');
    },
  );

  it('refuses a wrong password and an unknown login with the same 401 problem', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: 'admin', password: 'nope' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: 'nobody', password: 'nope' },
    });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.headers.authorization).toBeUndefined();
    }
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ status: 401, message: 'login.messages.error.authentication' });
  });

  it('records sign-in successes and failures as audit events', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: 'stagiaire', password: 'bad' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: 'stagiaire', password: 'stagiaire' },
    });
    const events = await t.db.query<{ event_type: string }>(
      `select event_type from audit_event where principal = 'stagiaire' order by id desc limit 2`,
    );
    expect(events.map((e) => e.event_type)).toEqual(['AUTHENTICATION_SUCCESS', 'AUTHENTICATION_FAILURE']);
  });

  it('answers 400 with a field error for each missing or unknown field', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/authenticate', payload: { extra: 1 } });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe('error.validation');
    expect(body.fieldErrors.map((f: { field: string }) => f.field).sort()).toEqual(['extra', 'password', 'username']);
  });

  it('does not coerce types in a body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: 42, password: true },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toHaveLength(2);
  });

  it('answers malformed JSON with a 400 problem and no stack trace', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.body).not.toMatch(/\bat .+\.(ts|js):\d+/);
    expect(response.json()).toMatchObject({ status: 400, message: 'error.http.400' });
  });

  it('refuses an account that is not activated', async () => {
    await t.db.query(`update app_user set activated = false where login = 'agentrsic'`);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: 'agentrsic', password: 'agentrsic' },
    });
    await t.db.query(`update app_user set activated = true where login = 'agentrsic'`);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('login.messages.error.notActivated');
  });

  it('issues a 30-day token with rememberMe and a 24-hour one without', async () => {
    const expiry = async (rememberMe: boolean) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/authenticate',
        payload: { username: 'manager', password: 'manager', rememberMe },
      });
      const payload = JSON.parse(Buffer.from(response.json().id_token.split('.')[1], 'base64url').toString());
      return payload.exp - payload.iat;
    };
    expect(await expiry(false)).toBe(24 * 3600);
    expect(await expiry(true)).toBe(30 * 24 * 3600);
  });
});

describe('login lockout', () => {
  const attempt = (password: string) =>
    t.app.inject({ method: 'POST', url: '/api/authenticate', payload: { username: 'agentca', password } });

  it('locks a login for 30 minutes after 5 failures, even with the right password, and says so', async () => {
    for (let i = 1; i <= 4; i++)
      expect((await attempt('wrong')).json().message).toBe('login.messages.error.authentication');
    const fifth = await attempt('wrong');
    expect(fifth.statusCode).toBe(401);
    expect(fifth.json().message).toBe('login.messages.error.locked');
    const right = await attempt('agentca');
    expect(right.statusCode).toBe(401);
    expect(right.json().message).toBe('login.messages.error.locked');
    const events = await t.db.query<{ event_type: string }>(
      `select event_type from audit_event where principal = 'agentca' and event_type = 'AUTHENTICATION_LOCKED'`,
    );
    expect(events.length).toBeGreaterThanOrEqual(2);
  });

  it('unlocks once 30 minutes have passed, and a success clears the count', async () => {
    await t.db.query(
      `update user_attempts set last_modified = now() - interval '31 minutes' where principal = 'agentca'`,
    );
    expect((await attempt('agentca')).statusCode).toBe(200);
    const [row] = await t.db.query(`select * from user_attempts where principal = 'agentca'`);
    expect(row).toBeUndefined();
  });

  it('counts failures for unknown logins too, so the answer does not reveal which logins exist', async () => {
    for (let i = 0; i < 5; i++) {
      await t.app.inject({ method: 'POST', url: '/api/authenticate', payload: { username: 'ghost', password: 'x' } });
    }
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: 'ghost', password: 'x' },
    });
    expect(response.json().message).toBe('login.messages.error.locked');
  });
});

describe('the access guard', () => {
  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ url: '/api/account' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ status: 401, message: 'error.http.401' });
  });

  it('answers 401 for a tampered token', async () => {
    const token = await t.tokenFor('manager');
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ sub: 'admin', auth: 'ROLE_ADMIN', exp: 9999999999 })).toString(
      'base64url',
    );
    for (const bad of [
      `${header}.${forged}.${signature}`,
      `${header}.${payload}.${signature!.slice(0, -4)}AAAA`,
      'garbage',
    ]) {
      const response = await t.app.inject({ url: '/api/account', headers: bearer(bad) });
      expect(response.statusCode).toBe(401);
    }
  });

  it('answers 401 for an expired token signed with the right key', async () => {
    const expired = await new SignJWT({ auth: 'ROLE_MANAGER' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('manager')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(await secret());
    const response = await t.app.inject({ url: '/api/account', headers: bearer(expired) });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a token whose algorithm is not HS256', async () => {
    const unsigned = [
      Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url'),
      Buffer.from(JSON.stringify({ sub: 'admin', auth: 'ROLE_ADMIN', exp: 9999999999 })).toString('base64url'),
      '',
    ].join('.');
    const response = await t.app.inject({ url: '/api/account', headers: bearer(unsigned) });
    expect(response.statusCode).toBe(401);
  });

  it('answers 403 to a signed-in user lacking the role, 200 to one holding it', async () => {
    const denied = await t.app.inject({ url: '/api/test/admin-only', headers: bearer(await t.tokenFor('manager')) });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ status: 403, message: 'error.http.403' });
    const allowed = await t.app.inject({ url: '/api/test/admin-only', headers: bearer(await t.tokenFor('admin')) });
    expect(allowed.statusCode).toBe(200);
  });

  it('drops an account changed on another instance as soon as the bus tells, not at the expiry', async () => {
    const { AccountStateCache } = await import('../src/plugins/auth');
    const { createEventBus } = await import('../src/modules/events/bus');
    // Two instances' caches on one bus (in process: the PostgreSQL channel is the cluster suite's).
    const bus = await createEventBus(t.db, undefined, t.app.log);
    const here = new AccountStateCache(t.db, bus);
    const there = new AccountStateCache(t.db, bus);
    expect(await there.get('reclamations')).not.toBeNull();
    await t.db.query(`update app_user set activated = false where login = 'reclamations'`);
    try {
      expect(await there.get('reclamations'), 'still cached').not.toBeNull();
      await here.forget('reclamations');
      expect(await there.get('reclamations')).toBeNull();
    } finally {
      await t.db.query(`update app_user set activated = true where login = 'reclamations'`);
    }
  });

  it('refuses to register an API route that does not declare its access', async () => {
    const { startTestApp: start } = await import('./helper');
    const other = await start({ seed: 'none' });
    try {
      expect(() => other.app.get('/core/api/forgotten', async () => ({}))).toThrow(/does not declare config.access/);
    } finally {
      await other.close();
    }
  });

  it('answers unknown API paths with a JSON 404, never the web page', async () => {
    for (const url of ['/api/nothing', '/core/api/nothing', '/management/nothing']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json().message).toBe('error.url.not.found');
    }
  });
});
