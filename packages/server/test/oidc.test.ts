// Sign-in through the bank's directory (OpenID Connect) against a real provider (oidc-provider) in this
// process: the whole code flow, accounts created and kept in line with the directory, every refusal
// (no mapped group, a local account's login, state, audience, nonce, expiry, signature, issuer), the
// one-time hand-off code, and the second-factor gate. PGlite and PostgreSQL.
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { loggedUrl } from '../src/modules/oidc/flow';
import { loadOidcSettings } from '../src/modules/oidc/settings';
import { lastMailTo } from './outbox';
import { bearer, startTestApp, type TestApp } from './helper';
import { directoryAnswer, queryString } from './fuzz-cases';
import { startDirectory, type TestDirectory } from './oidc-provider';

const CALLBACK = 'http://127.0.0.1:8080/login/oauth2/code/oidc';

let dir: TestDirectory;
let t: TestApp;

beforeAll(async () => {
  dir = await startDirectory([CALLBACK]);
  t = await startTestApp({ config: { ...loadOidcSettings(dir.env), rateLimitAuthenticate: 0 } });
});
afterAll(async () => {
  await t?.close();
  await dir?.close();
});

/** The flow cookie of an authorization answer, as the browser sends it back. */
const cookieOf = (response: LightMyRequestResponse) => String(response.headers['set-cookie']).split(';')[0]!;

/** A browser's whole journey: the bank's login route, the directory's pages as `account`, the bank's callback. */
async function directorySignIn(app: TestApp, account: string, returnTo?: string) {
  const query = returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(returnTo)}`;
  const start = await app.app.inject({ url: `/oauth2/authorization/oidc${query}` });
  expect(start.statusCode, start.body).toBe(302);
  const back = new URL(await dir.authorize(start.headers.location as string, account));
  expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
  return app.app.inject({ url: `${back.pathname}${back.search}`, headers: { cookie: cookieOf(start) } });
}

interface Handoff {
  code: string;
  to: string;
  /** The cookie that binds the code to the browser that finished the sign-in. */
  cookie: string;
}

/** The hand-off code, the page to return to and the browser's binding, from the callback's redirect. */
function handoff(callback: LightMyRequestResponse): Handoff {
  expect(callback.statusCode, callback.body).toBe(302);
  const location = callback.headers.location as string;
  expect(location).toMatch(/^\/login\/oidc#/);
  const fragment = new URLSearchParams(location.slice(location.indexOf('#') + 1));
  const cookies = [callback.headers['set-cookie'] ?? []].flat();
  const binding = cookies.find((c) => c.startsWith('bank_oidc_handoff='))!;
  expect(binding).toMatch(/; Max-Age=60; Path=\/api\/authenticate\/oidc; HttpOnly; SameSite=Lax/);
  return { code: fragment.get('code')!, to: fragment.get('to')!, cookie: binding.split(';')[0]! };
}

const redeem = (app: TestApp, { code, cookie }: Pick<Handoff, 'code' | 'cookie'>) =>
  app.app.inject({ method: 'POST', url: '/api/authenticate/oidc', payload: { code }, headers: { cookie } });

/** Signs `account` in through the directory and returns the bank's token. */
async function tokenThroughDirectory(app: TestApp, account: string): Promise<string> {
  const redeemed = await redeem(app, handoff(await directorySignIn(app, account)));
  expect(redeemed.statusCode, redeemed.body).toBe(200);
  expect(redeemed.headers.authorization).toBe(`Bearer ${redeemed.json().id_token}`);
  return redeemed.json<{ id_token: string }>().id_token;
}

const refusalOf = (callback: LightMyRequestResponse) => {
  expect(callback.statusCode, callback.body).toBe(302);
  return new URL(callback.headers.location as string, 'http://x').searchParams.get('oidcError');
};

const account = async (app: TestApp, token: string) => app.app.inject({ url: '/api/account', headers: bearer(token) });

const sessionCount = async (app: TestApp) =>
  (await app.db.query<{ n: number }>('select count(*)::int as n from staff_session'))[0]!.n;

const lastAudit = async (app: TestApp) =>
  (
    await app.db.query<{ principal: string; event_type: string; data: Record<string, unknown> }>(
      'select principal, event_type, data from audit_event order by id desc limit 1',
    )
  )[0]!;

describe('settings', () => {
  const env = (more: Record<string, string>) => ({
    OIDC_ISSUER_URL: 'https://annuaire.banque.sn/realms/staff',
    OIDC_CLIENT_ID: 'backoffice',
    OIDC_CLIENT_SECRET: 'secret',
    OIDC_ROLE_MAP: 'managers=ROLE_MANAGER,admins=ROLE_ADMIN,admins=ROLE_USER',
    ...more,
  });

  it('are off without an issuer, and read with their defaults with one', () => {
    expect(loadConfig({}).oidcIssuerUrl).toBeUndefined();
    const config = loadConfig(env({}));
    expect(config.oidcRolesClaim).toBe('groups');
    expect(config.oidcRoleMap).toEqual({ managers: ['ROLE_MANAGER'], admins: ['ROLE_ADMIN', 'ROLE_USER'] });
  });

  it.each([
    ['no client id', { OIDC_CLIENT_ID: '' }, /OIDC_CLIENT_ID and OIDC_CLIENT_SECRET/],
    ['no client secret', { OIDC_CLIENT_SECRET: '' }, /OIDC_CLIENT_ID and OIDC_CLIENT_SECRET/],
    ['an unparsable role map', { OIDC_ROLE_MAP: 'managers' }, /OIDC_ROLE_MAP/],
    ['an unknown role', { OIDC_ROLE_MAP: 'managers=ROLE_BOSS' }, /OIDC_ROLE_MAP/],
    ['no role map', { OIDC_ROLE_MAP: '' }, /OIDC_ROLE_MAP/],
    ['http to another machine', { OIDC_ISSUER_URL: 'http://annuaire.banque.sn' }, /https/],
  ])('stop the server with %s', (_what, more, message) => {
    expect(() => loadConfig(env(more))).toThrow(message);
  });

  it('keep the directory’s answer out of the request log', () => {
    expect(loggedUrl('/login/oauth2/code/oidc?code=SECRETCODE&state=S')).not.toMatch(/SECRETCODE|state=S/);
    expect(loggedUrl('/api/account?x=1')).toBe('/api/account?x=1');
  });
});

describe('feature off', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await startTestApp();
  });
  afterAll(() => off.close());

  it('answers 404 on every route, whatever the request holds, and tells the web app it is off', async () => {
    const calls = [
      { method: 'GET', url: '/oauth2/authorization/oidc' },
      { method: 'GET', url: '/login/oauth2/code/oidc?code=a&state=b' },
      { method: 'POST', url: '/api/authenticate/oidc', payload: { code: 'x'.repeat(43) } },
      { method: 'POST', url: '/api/authenticate/oidc', payload: { nonsense: true } },
    ] as const;
    for (const call of calls) {
      const response = await off.app.inject(call);
      expect(response.statusCode, call.url).toBe(404);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
    expect((await off.app.inject({ url: '/management/info' })).json().oidc).toBeNull();
  });
});

describe('the authorization request', () => {
  it('sends the browser to the directory with code flow, PKCE, state and nonce, and keeps them in a sealed cookie', async () => {
    expect((await t.app.inject({ url: '/management/info' })).json().oidc).toEqual({ label: 'Annuaire Banque' });
    const start = await t.app.inject({ url: '/oauth2/authorization/oidc?returnTo=/entity/branch' });
    expect(start.statusCode).toBe(302);
    const url = new URL(start.headers.location as string);
    expect(url.origin).toBe(dir.issuer);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: dir.clientId,
      redirect_uri: CALLBACK,
      code_challenge_method: 'S256',
    });
    expect(params.scope!.split(' ')).toContain('openid');
    for (const name of ['state', 'nonce', 'code_challenge']) expect(params[name]!.length).toBeGreaterThanOrEqual(43);
    const cookie = String(start.headers['set-cookie']);
    expect(cookie).toMatch(/; Max-Age=600/);
    expect(cookie).toMatch(/; Path=\/login\/oauth2\/code\/oidc/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    // Encrypted: neither the state nor the page to return to can be read from it.
    expect(cookie).not.toContain(params.state);
    expect(cookie).not.toContain('branch');
    expect(start.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 while the directory is down, a page for a browser, a problem for an API client', async () => {
    const down = await startTestApp({
      config: { ...loadOidcSettings({ ...dir.env, OIDC_ISSUER_URL: 'http://127.0.0.1:9' }) },
    });
    try {
      const page = await down.app.inject({ url: '/oauth2/authorization/oidc', headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(503);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('L’annuaire de la banque ne répond pas');
      expect(page.body).toContain('href="/login"');
      const api = await down.app.inject({ url: '/oauth2/authorization/oidc' });
      expect(api.statusCode).toBe(503);
      expect(api.json()).toMatchObject({ status: 503, message: 'error.http.503' });
      // The rest of the server works: local accounts still sign in.
      expect((await account(down, await down.signIn('manager'))).statusCode).toBe(200);
    } finally {
      await down.close();
    }
  });
});

describe('a directory user’s sign-in', () => {
  it('creates the staff account from the claims, opens an oidc session and hands its token to the web app', async () => {
    const callback = await directorySignIn(t, 'alice', '/entity/branch');
    const { code, to, cookie } = handoff(callback);
    expect(to).toBe('/entity/branch');
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The token never travels in a URL, and the code is kept as a digest only.
    expect(callback.headers.location).not.toMatch(/eyJ/);
    const stored = await t.db.query<{ code_digest: string }>('select code_digest from oidc_handoff');
    expect(stored.map((r) => r.code_digest)).not.toContain(code);

    const redeemed = await redeem(t, { code, cookie });
    expect(redeemed.statusCode).toBe(200);
    const token = redeemed.json<{ id_token: string }>().id_token;
    const me = await account(t, token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      login: 'alice',
      firstName: 'Alice',
      lastName: 'Diop',
      email: 'alice.diop@annuaire.banque.sn',
      langKey: 'fr',
      activated: true,
      authorities: ['ROLE_MANAGER'],
      createdBy: 'oidc',
    });
    // The mapped role opens what it opens: a manager's list.
    expect((await t.app.inject({ url: '/core/api/branches', headers: bearer(token) })).statusCode).toBe(200);
    const [session] = await t.db.query<{ method: string }>(
      `select method from staff_session where login = 'alice' order by created_at desc limit 1`,
    );
    expect(session!.method).toBe('oidc');
    expect(await lastAudit(t)).toMatchObject({
      principal: 'alice',
      event_type: 'AUTHENTICATION_SUCCESS',
      data: { method: 'oidc' },
    });
    const [link] = await t.db.query<{ oidc_issuer: string; oidc_subject: string }>(
      `select oidc_issuer, oidc_subject from app_user where login = 'alice'`,
    );
    expect(link).toEqual({ oidc_issuer: dir.issuer, oidc_subject: 'alice' });
  });

  it('gives a directory user no password: neither sign-in nor reset by e-mail works with one', async () => {
    await tokenThroughDirectory(t, 'alice');
    for (const password of ['alice', '!directory', ''])
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/authenticate', payload: { username: 'alice', password } }))
          .statusCode,
      ).not.toBe(200);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/account/reset-password/init',
      headers: { 'content-type': 'text/plain' },
      payload: 'alice.diop@annuaire.banque.sn',
    });
    // Answered as any address is, and no reset key is made or mailed.
    expect(reset.statusCode).toBe(200);
    const [alice] = await t.db.query<{ reset_key: string | null }>(
      `select reset_key from app_user where login = 'alice'`,
    );
    expect(alice!.reset_key).toBeNull();
    expect(await lastMailTo(t, 'alice.diop@annuaire.banque.sn')).toBeUndefined();
  });

  it('returns to home rather than to another site', async () => {
    for (const returnTo of ['//evil.example/x', 'https://evil.example', '/\\evil.example', '/logout'])
      expect(handoff(await directorySignIn(t, 'alice', returnTo)).to, returnTo).toBe('/');
  });

  it('brings names, e-mail and roles in line on the next sign-in; a role change ends the older sessions', async () => {
    const first = await tokenThroughDirectory(t, 'bob');
    expect((await account(t, first)).json().authorities).toEqual(['ROLE_AGENT_CA']);
    const same = await tokenThroughDirectory(t, 'bob');
    // Same roles: the earlier session stays.
    expect((await account(t, first)).statusCode).toBe(200);

    const before = { ...dir.users.bob! };
    dir.users.bob = { ...before, groups: ['bank-managers', 'bank-agents'], family_name: 'Sarr-Fall' };
    try {
      const second = await tokenThroughDirectory(t, 'bob');
      const me = (await account(t, second)).json();
      expect(me.authorities).toEqual(['ROLE_AGENT_CA', 'ROLE_MANAGER']);
      expect(me.lastName).toBe('Sarr-Fall');
      for (const old of [first, same]) expect((await account(t, old)).statusCode).toBe(401);
      const ends = await t.db.query<{ end_reason: string | null }>(
        `select end_reason from staff_session where login = 'bob' order by created_at`,
      );
      expect(ends.map((e) => e.end_reason)).toEqual(['rolesChanged', 'rolesChanged', null]);
      const [count] = await t.db.query<{ n: number }>(`select count(*)::int as n from app_user where login = 'bob'`);
      expect(count!.n).toBe(1);
    } finally {
      dir.users.bob = before;
    }
  });

  it('takes its roles away when the directory gives none any more, and ends its sessions', async () => {
    const token = await tokenThroughDirectory(t, 'bob');
    const before = { ...dir.users.bob! };
    dir.users.bob = { ...before, groups: ['staff'] };
    try {
      expect(refusalOf(await directorySignIn(t, 'bob'))).toBe('noRole');
      expect((await account(t, token)).statusCode).toBe(401);
      const [roles] = await t.db.query<{ n: number }>(
        `select count(*)::int as n from user_authority ua join app_user u on u.id = ua.user_id where u.login = 'bob'`,
      );
      expect(roles!.n).toBe(0);
    } finally {
      dir.users.bob = before;
    }
    expect((await account(t, await tokenThroughDirectory(t, 'bob'))).json().authorities).toEqual(['ROLE_AGENT_CA']);
  });
});

describe('refusals', () => {
  it('refuses a user in no mapped group with a page that says so, and creates nothing', async () => {
    const sessions = await sessionCount(t);
    expect(refusalOf(await directorySignIn(t, 'carol'))).toBe('noRole');
    expect(await t.db.query(`select 1 from app_user where login = 'carol'`)).toEqual([]);
    expect(await sessionCount(t)).toBe(sessions);
    expect(await lastAudit(t)).toMatchObject({
      principal: 'carol',
      event_type: 'AUTHENTICATION_FAILURE',
      data: { method: 'oidc', reason: 'no-mapped-group', groups: 'other-group' },
    });
  });

  it('never hands a local account to a directory user of the same login', async () => {
    const sessions = await sessionCount(t);
    expect(refusalOf(await directorySignIn(t, 'dir-manager'))).toBe('localAccount');
    expect(await sessionCount(t)).toBe(sessions);
    const [manager] = await t.db.query<{ oidc_subject: string | null; last_name: string }>(
      `select oidc_subject, last_name from app_user where login = 'manager'`,
    );
    expect(manager!.oidc_subject).toBeNull();
    expect(manager!.last_name).not.toBe('Annuaire');
    expect(await lastAudit(t)).toMatchObject({ principal: 'manager', data: { reason: 'localAccount' } });
    expect((await account(t, await t.signIn('manager'))).json().authorities).toEqual(['ROLE_MANAGER']);
  });

  it('refuses an answer whose state is not the one this browser’s flow sent, or no flow at all', async () => {
    const start = await t.app.inject({ url: '/oauth2/authorization/oidc' });
    const back = new URL(await dir.authorize(start.headers.location as string, 'alice'));
    const sessions = await sessionCount(t);
    // Another flow's cookie (another state) with this answer: a login CSRF attempt looks like this.
    const other = await t.app.inject({ url: '/oauth2/authorization/oidc' });
    const path = `${back.pathname}${back.search}`;
    expect(refusalOf(await t.app.inject({ url: path, headers: { cookie: cookieOf(other) } }))).toBe('invalid');
    expect(refusalOf(await t.app.inject({ url: path }))).toBe('expired');
    const forged = cookieOf(start).replace(/=(.)/, (_m, c: string) => `=${c === 'A' ? 'B' : 'A'}`);
    expect(refusalOf(await t.app.inject({ url: path, headers: { cookie: forged } }))).toBe('expired');
    expect(await sessionCount(t)).toBe(sessions);
    // Every answer of the callback ends the flow's cookie.
    const answer = await t.app.inject({ url: path, headers: { cookie: cookieOf(start) } });
    expect(String(answer.headers['set-cookie'])).toMatch(/bank_oidc_flow=; Max-Age=0/);
  });

  it('refuses a user who declined at the directory', async () => {
    const start = await t.app.inject({ url: '/oauth2/authorization/oidc' });
    const state = new URL(start.headers.location as string).searchParams.get('state')!;
    const answer = `/login/oauth2/code/oidc?error=access_denied&state=${state}&iss=${encodeURIComponent(dir.issuer)}`;
    expect(refusalOf(await t.app.inject({ url: answer, headers: { cookie: cookieOf(start) } }))).toBe('denied');
  });

  it('refuses forged answers (tricky, repeated or missing parameters) with the sign-in page, never a 5xx', async () => {
    const start = await t.app.inject({ url: '/oauth2/authorization/oidc' });
    const sessions = await sessionCount(t);
    await fc.assert(
      fc.asyncProperty(directoryAnswer, async (params) => {
        const query = queryString(params);
        const answer = await t.app.inject({
          url: `/login/oauth2/code/oidc${query ? `?${query}` : ''}`,
          headers: { cookie: cookieOf(start) },
        });
        expect(['invalid', 'denied']).toContain(refusalOf(answer));
      }),
      { numRuns: 40, seed: 20260120 },
    );
    expect(await sessionCount(t)).toBe(sessions);
  });

  const now = () => Math.floor(Date.now() / 1000);
  it.each([
    ['another audience', () => (id: string) => dir.resign(id, (c) => ({ ...c, aud: 'another-client' }))],
    ['another nonce', () => (id: string) => dir.resign(id, (c) => ({ ...c, nonce: 'not-the-nonce-we-sent' }))],
    ['an expired token', () => (id: string) => dir.resign(id, (c) => ({ ...c, iat: now() - 7200, exp: now() - 3600 }))],
    ['another issuer', () => (id: string) => dir.resign(id, (c) => ({ ...c, iss: 'https://evil.example' }))],
    ['a signature of another key', () => (id: string) => dir.signWithForeignKey(id)],
  ])('refuses an ID token with %s: no session, an audit event', async (_what, rewrite) => {
    const sessions = await sessionCount(t);
    dir.tamperIdTokens(rewrite());
    try {
      expect(refusalOf(await directorySignIn(t, 'alice'))).toBe('invalid');
    } finally {
      dir.tamperIdTokens(null);
    }
    expect(await sessionCount(t)).toBe(sessions);
    const audit = await lastAudit(t);
    expect(audit).toMatchObject({ event_type: 'AUTHENTICATION_FAILURE', data: { method: 'oidc' } });
    expect(String(audit.data.reason)).toMatch(/^OAUTH_|^ERR_|invalid/);
    // The same flow untampered signs in: the refusal was the tampering's.
    await tokenThroughDirectory(t, 'alice');
  });
});

describe('the hand-off code', () => {
  it('works once', async () => {
    const given = handoff(await directorySignIn(t, 'alice'));
    expect((await redeem(t, given)).statusCode).toBe(200);
    const again = await redeem(t, given);
    expect(again.statusCode).toBe(401);
    expect(again.headers.authorization).toBeUndefined();
  });

  it('works only in the browser that finished the sign-in (no login CSRF with one’s own code)', async () => {
    const given = handoff(await directorySignIn(t, 'alice'));
    const other = handoff(await directorySignIn(t, 'alice'));
    expect((await redeem(t, { code: given.code, cookie: '' })).statusCode).toBe(401);
    expect((await redeem(t, { code: given.code, cookie: other.cookie })).statusCode).toBe(401);
    expect((await redeem(t, given)).statusCode).toBe(200);
  });

  it('expires after 60 seconds', async () => {
    const given = handoff(await directorySignIn(t, 'alice'));
    const [row] = await t.db.query<{ seconds: number }>(
      // The newest: earlier tests may have left codes unredeemed.
      `select extract(epoch from expires_at - now())::int as seconds from oidc_handoff where used_at is null
        order by expires_at desc limit 1`,
    );
    expect(row!.seconds).toBeGreaterThan(50);
    expect(row!.seconds).toBeLessThanOrEqual(60);
    await t.db.query(`update oidc_handoff set expires_at = now() - interval '1 second' where used_at is null`);
    expect((await redeem(t, given)).statusCode).toBe(401);
  });

  it('refuses a made-up code with 401 and bad bodies with 400', async () => {
    expect((await redeem(t, { code: 'A'.repeat(43), cookie: 'bank_oidc_handoff=B' })).statusCode).toBe(401);
    for (const payload of [{}, { code: '' }, { code: 7 }, { code: 'x'.repeat(101) }, { code: 'x', more: 1 }])
      expect((await t.app.inject({ method: 'POST', url: '/api/authenticate/oidc', payload })).statusCode).toBe(400);
  });
});

describe('second factor', () => {
  it('does not ask a directory session to enrol TOTP: the directory’s own multi-factor counts', async () => {
    const strict = await startTestApp({
      config: { ...loadOidcSettings(dir.env), mfaRequiredRoles: ['ROLE_MANAGER'], rateLimitAuthenticate: 0 },
    });
    try {
      const local = await strict.app.inject({
        url: '/core/api/branches',
        headers: bearer(await strict.signIn('manager')),
      });
      expect(local.statusCode).toBe(403);
      expect(local.json().message).toBe('error.mfaEnrolmentRequired');
      const directory = await tokenThroughDirectory(strict, 'alice');
      expect((await strict.app.inject({ url: '/core/api/branches', headers: bearer(directory) })).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
