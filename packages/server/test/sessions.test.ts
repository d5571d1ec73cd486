// Server-side sessions: sign-out, idle and maximum age, every change that ends an account's sessions,
// and the sessions a user and an administrator can see and end. PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { bearer, startTestApp, type TestApp } from './helper';
import { keyIn, lastMailTo } from './outbox';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A fresh sign-in (its own session), unlike `tokenFor`, which reuses one. */
async function signIn(app: TestApp, login: string, password = login, userAgent = 'vitest'): Promise<string> {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/authenticate',
    headers: { 'user-agent': userAgent },
    payload: { username: login, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id_token: string }>().id_token;
}

const account = (app: TestApp, token: string, headers: Record<string, string> = {}) =>
  app.app.inject({ url: '/api/account', headers: { ...bearer(token), ...headers } });

async function endReasons(app: TestApp, login: string): Promise<Array<string | null>> {
  const rows = await app.db.query<{ end_reason: string | null }>(
    'select end_reason from staff_session where lower(login) = lower($1) order by created_at, id',
    [login],
  );
  return rows.map((row) => row.end_reason);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('sign-out', () => {
  it('ends the session: the same token then gets 401 everywhere, and the audit says so', async () => {
    const token = await signIn(t, 'agentca');
    expect((await account(t, token)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(204);
    for (const url of ['/api/account', '/core/api/transfers', '/api/account/sessions'])
      expect((await t.app.inject({ url, headers: bearer(token) })).statusCode, url).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) })).statusCode).toBe(401);
    expect(await endReasons(t, 'agentca')).toContain('logout');
    const [event] = await t.db.query<{ event_type: string }>(
      `select event_type from audit_event where principal = 'agentca' order by id desc limit 1`,
    );
    expect(event!.event_type).toBe('LOGOUT');
  });

  it('leaves the user’s other sessions open', async () => {
    const kept = await signIn(t, 'agentrsic');
    const ended = await signIn(t, 'agentrsic');
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(ended) });
    expect((await account(t, kept)).statusCode).toBe(200);
  });

  it('refuses a token that names no session (issued before sessions existed)', async () => {
    const token = await signIn(t, 'stagiaire');
    const [header, payload] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    delete claims.sid;
    const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.x`;
    expect((await account(t, forged)).statusCode).toBe(401);
  });
});

describe('idle and maximum age', () => {
  // The same code as 15 minutes idle and 12 hours at most, in a test's time. Each limit has its own server,
  // the other limit out of reach: on a loaded machine, slow calls must not end a session by the limit that
  // test is not about.
  let short: TestApp;
  let brief: TestApp;
  beforeAll(async () => {
    // 3 s idle (room for a loaded machine between two calls), an hour at most.
    short = await startTestApp({ config: { sessionIdleMinutes: 0.05, sessionMaxHours: 1 } });
    // 7.2 s at most, 6 s idle.
    brief = await startTestApp({ config: { sessionIdleMinutes: 0.1, sessionMaxHours: 0.002 } });
  });
  afterAll(() => Promise.all([short.close(), brief.close()]));

  it('ends a session not used for the idle limit', async () => {
    const token = await signIn(short, 'agentca');
    await sleep(3_500);
    expect((await account(short, token)).statusCode).toBe(401);
    expect(await endReasons(short, 'agentca')).toEqual(['idle']);
  });

  it('keeps a session in use, but not one only refreshed in the background', async () => {
    // The background session first: a slow sign-in must not use up the other's idle time.
    const background = await signIn(short, 'responsabledesk');
    const used = await signIn(short, 'manager');
    for (let i = 0; i < 6; i++) {
      await sleep(700);
      expect((await account(short, used)).statusCode).toBe(200);
      await account(short, background, { 'x-background-request': '1' });
    }
    expect((await account(short, background)).statusCode).toBe(401);
    expect(await endReasons(short, 'responsabledesk')).toEqual(['idle']);
  });

  it('ends a session at its maximum age however much it is used', async () => {
    const token = await signIn(brief, 'reclamations');
    const started = Date.now();
    while (Date.now() - started < 5_000) {
      expect((await account(brief, token)).statusCode).toBe(200);
      await sleep(500);
    }
    // Past the 7.2 s, well under the 6 s idle limit since the last call.
    await sleep(Math.max(0, started + 7_700 - Date.now()));
    expect((await account(brief, token)).statusCode).toBe(401);
    expect(await endReasons(brief, 'reclamations')).toEqual(['maxAge']);
  });
});

describe('"last seen"', () => {
  let fresh: TestApp;
  beforeAll(async () => {
    // Idle 60 minutes: the first batch is due a minute after start, well after this test.
    fresh = await startTestApp({ config: { sessionIdleMinutes: 60 } });
  });
  afterAll(() => fresh.close());

  it('is written in batches off the request path, not once per request', async () => {
    const token = await signIn(fresh, 'stagiaire');
    for (let i = 0; i < 20; i++) expect((await account(fresh, token)).statusCode).toBe(200);
    const seen = async () =>
      (
        await fresh.db.query<{ seen: Date; created: Date }>(
          `select last_seen_at as seen, created_at as created from staff_session where login = 'stagiaire'`,
        )
      )[0]!;
    const before = await seen();
    expect(before.seen.getTime()).toBe(before.created.getTime());
    // Listing the sessions writes what is pending first, so that it shows the truth.
    await fresh.app.inject({ url: '/api/account/sessions', headers: bearer(token) });
    const after = await seen();
    expect(after.seen.getTime()).toBeGreaterThan(after.created.getTime());
  });
});

describe('changes that end every session of an account', () => {
  const admin = async () => bearer(await t.tokenFor('admin'));
  const user = async (login: string) =>
    (await t.app.inject({ url: `/api/users/${login}`, headers: await admin() })).json<Record<string, unknown>>();
  const saveUser = async (body: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/users', headers: await admin(), payload: body });

  it('password change: the other sessions end, the one that changed it stays', async () => {
    const changer = await signIn(t, 'agentsaisie');
    const other = await signIn(t, 'agentsaisie');
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/account/change-password',
      headers: bearer(changer),
      payload: { currentPassword: 'agentsaisie', newPassword: 'agentsaisie-2026!' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await account(t, other)).statusCode).toBe(401);
    expect((await account(t, changer)).statusCode).toBe(200);
    expect(await endReasons(t, 'agentsaisie')).toContain('passwordChanged');
    await t.app.inject({
      method: 'POST',
      url: '/api/account/change-password',
      headers: bearer(changer),
      payload: { currentPassword: 'agentsaisie-2026!', newPassword: 'agentsaisie' },
    });
  });

  it('password reset: every session ends', async () => {
    const token = await signIn(t, 'reclamations');
    const email = (await user('reclamations')).email as string;
    await t.app.inject({
      method: 'POST',
      url: '/api/account/reset-password/init',
      headers: { 'content-type': 'text/plain' },
      payload: email,
    });
    const key = keyIn((await lastMailTo(t, email))!.text, 'reset/finish');
    const finished = await t.app.inject({
      method: 'POST',
      url: '/api/account/reset-password/finish',
      payload: { key, newPassword: 'reclamations' },
    });
    expect(finished.statusCode).toBe(200);
    expect((await account(t, token)).statusCode).toBe(401);
    expect(await endReasons(t, 'reclamations')).toContain('passwordReset');
  });

  it('deactivation: the token stays dead once the account is reactivated', async () => {
    const token = await signIn(t, 'responsabledesk');
    const read = await user('responsabledesk');
    expect((await saveUser({ ...read, activated: false })).statusCode).toBe(200);
    expect((await account(t, token)).statusCode).toBe(401);
    expect((await saveUser({ ...(await user('responsabledesk')), activated: true })).statusCode).toBe(200);
    expect((await account(t, token)).statusCode).toBe(401);
    expect(await endReasons(t, 'responsabledesk')).toContain('deactivated');
    expect((await account(t, await signIn(t, 'responsabledesk'))).statusCode).toBe(200);
  });

  it('role change: the token signed in with the old roles ends; other edits leave sessions alone', async () => {
    const token = await signIn(t, 'agentrsic');
    const read = await user('agentrsic');
    expect((await saveUser({ ...read, firstName: 'Mariama B.' })).statusCode).toBe(200);
    expect((await account(t, token)).statusCode).toBe(200);
    const roles = read.authorities as string[];
    expect(
      (await saveUser({ ...(await user('agentrsic')), authorities: [...roles, 'ROLE_STAGIAIRE'] })).statusCode,
    ).toBe(200);
    expect((await account(t, token)).statusCode).toBe(401);
    expect(await endReasons(t, 'agentrsic')).toContain('rolesChanged');
    await saveUser({ ...(await user('agentrsic')), authorities: roles, firstName: read.firstName });
  });

  it('deletion: every session ends', async () => {
    const headers = await admin();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      headers,
      payload: { login: 'partant', email: 'partant@banque.sn', authorities: ['ROLE_STAGIAIRE'] },
    });
    expect(created.statusCode).toBe(201);
    // Its password is chosen through the mailed link.
    const key = keyIn((await lastMailTo(t, 'partant@banque.sn'))!.text, 'reset/finish');
    await t.app.inject({
      method: 'POST',
      url: '/api/account/reset-password/finish',
      payload: { key, newPassword: 'partant-2026' },
    });
    const token = await signIn(t, 'partant', 'partant-2026');
    expect((await t.app.inject({ method: 'DELETE', url: '/api/users/partant', headers })).statusCode).toBe(204);
    expect((await account(t, token)).statusCode).toBe(401);
    expect(await endReasons(t, 'partant')).toEqual(['deleted']);
  });
});

describe('the sessions a user sees and ends', () => {
  it('lists one’s own open sessions, the current one marked, without another user’s', async () => {
    const first = await signIn(t, 'manager', 'manager', 'Chromium poste 12');
    const second = await signIn(t, 'manager', 'manager', 'Firefox poste 3');
    await signIn(t, 'stagiaire');
    const sessions = (await t.app.inject({ url: '/api/account/sessions', headers: bearer(second) })).json<
      Array<{ id: string; current: boolean; userAgent: string; method: string; ip: string }>
    >();
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.find((s) => s.current)!.userAgent).toBe('Firefox poste 3');
    expect(sessions.map((s) => s.userAgent)).toContain('Chromium poste 12');
    expect(sessions.every((s) => s.method === 'password')).toBe(true);
    const stagiaire = await t.db.query<{ id: string }>(`select id from staff_session where login = 'stagiaire'`);
    expect(sessions.map((s) => s.id)).not.toContain(stagiaire[0]!.id);

    // Ends the other one; another user's id (or an ended one) is not found.
    const other = sessions.find((s) => s.userAgent === 'Chromium poste 12')!;
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/api/account/sessions/${other.id}`,
      headers: bearer(second),
    });
    expect(ended.statusCode).toBe(204);
    expect((await account(t, first)).statusCode).toBe(401);
    for (const id of [stagiaire[0]!.id, other.id]) {
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/account/sessions/${id}`,
        headers: bearer(second),
      });
      expect(response.statusCode).toBe(404);
    }
    expect((await account(t, second)).statusCode).toBe(200);
  });

  it('lets an administrator end every session of a user, and no one else', async () => {
    const token = await signIn(t, 'agentca');
    const refused = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/agentca/sessions',
      headers: bearer(await signIn(t, 'manager')),
    });
    expect(refused.statusCode).toBe(403);
    const headers = bearer(await t.tokenFor('admin'));
    expect((await t.app.inject({ method: 'DELETE', url: '/api/users/agentca/sessions', headers })).statusCode).toBe(
      204,
    );
    expect((await account(t, token)).statusCode).toBe(401);
    expect(await endReasons(t, 'agentca')).toContain('adminRevoked');
    expect((await t.app.inject({ method: 'DELETE', url: '/api/users/nobody/sessions', headers })).statusCode).toBe(404);
    const [event] = await t.db.query<{ event_type: string; data: string }>(
      `select event_type, data from audit_event where principal = 'admin' order by id desc limit 1`,
    );
    expect(event!.event_type).toBe('SESSIONS_REVOKED');
  });
});

describe('sessions per login (SESSIONS_PER_USER)', () => {
  let capped: TestApp;
  beforeAll(async () => {
    capped = await startTestApp({ config: { sessionsPerUser: 3 } });
  });
  afterAll(() => capped.close());

  it('keeps the newest sessions of a login: a sign-in past the limit ends the oldest, and no other login’s', async () => {
    const other = await signIn(capped, 'agentca');
    const tokens = [];
    for (let i = 0; i < 3; i++) tokens.push(await signIn(capped, 'manager', 'manager', `poste ${i}`));
    for (const token of tokens) expect((await account(capped, token)).statusCode).toBe(200);

    tokens.push(await signIn(capped, 'manager', 'manager', 'poste 3'));
    expect((await account(capped, tokens[0]!)).statusCode).toBe(401);
    for (const token of tokens.slice(1)) expect((await account(capped, token)).statusCode).toBe(200);
    expect((await account(capped, other)).statusCode).toBe(200);
    expect(await endReasons(capped, 'manager')).toEqual(['superseded', null, null, null]);
    const open = (await capped.app.inject({ url: '/api/account/sessions', headers: bearer(tokens[3]!) })).json<
      Array<{ userAgent: string }>
    >();
    expect(open.map((s) => s.userAgent).sort()).toEqual(['poste 1', 'poste 2', 'poste 3']);

    // A session that ended otherwise frees its place: the next sign-in ends none.
    await capped.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(tokens[1]!) });
    tokens.push(await signIn(capped, 'manager', 'manager', 'poste 4'));
    for (const token of tokens.slice(2)) expect((await account(capped, token)).statusCode).toBe(200);
  });

  it('defaults to 5', () => {
    expect(loadConfig({}).sessionsPerUser).toBe(5);
    expect(() => loadConfig({ SESSIONS_PER_USER: '0' })).toThrow('SESSIONS_PER_USER must be at least 1');
  });
});
