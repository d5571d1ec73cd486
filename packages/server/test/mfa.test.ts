// The second factor (TOTP): enrolment, sign-in with and without a code, each code once, recovery codes
// once, wrong codes toward the lockout, the roles that must enrol first, removal and the admin's reset.
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** The code an authenticator app shows for `secret`, `steps` periods from now. */
const codeOf = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

const authenticate = (app: TestApp, login: string, otp?: string) =>
  app.app.inject({
    method: 'POST',
    url: '/api/authenticate',
    payload: { username: login, password: login, ...(otp === undefined ? {} : { otp }) },
  });

/** Enrols `login` and returns its secret and recovery codes. */
async function enrol(app: TestApp, login: string) {
  const headers = bearer(await app.signIn(login));
  const setup = await app.app.inject({ method: 'POST', url: '/api/account/mfa/totp/setup', headers });
  expect(setup.statusCode).toBe(200);
  const { secret, otpauthUri } = setup.json<{ secret: string; otpauthUri: string }>();
  expect(otpauthUri).toMatch(new RegExp(`^otpauth://totp/.*${login}.*secret=${secret}`));
  const activated = await app.app.inject({
    method: 'POST',
    url: '/api/account/mfa/totp/activate',
    headers,
    payload: { code: codeOf(secret) },
  });
  expect(activated.statusCode, activated.body).toBe(200);
  return { secret, recoveryCodes: activated.json<{ recoveryCodes: string[] }>().recoveryCodes, headers };
}

describe('enrolment', () => {
  it('activates only with a code of the new secret, gives ten recovery codes, and never shows the secret again', async () => {
    const headers = bearer(await t.signIn('agentsaisie'));
    const { secret } = (await t.app.inject({ method: 'POST', url: '/api/account/mfa/totp/setup', headers })).json<{
      secret: string;
    }>();
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/account/mfa/totp/activate',
      headers,
      payload: { code: '000000' === codeOf(secret) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('error.mfaInvalid');
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/account/mfa/totp/activate',
      headers,
      payload: { code: codeOf(secret) },
    });
    expect(ok.statusCode).toBe(200);
    const codes = ok.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const again = await t.app.inject({ method: 'POST', url: '/api/account/mfa/totp/setup', headers });
    expect(again.statusCode).toBe(409);
    expect(again.body).not.toContain(secret);
    // At rest the secret is encrypted, and the recovery codes are digests.
    const [row] = await t.db.query<{ secret: string }>(
      `select m.secret from user_mfa m join app_user u on u.id = m.user_id where u.login = 'agentsaisie'`,
    );
    expect(row!.secret).not.toContain(secret);
    const digests = await t.db.query<{ code_digest: string }>('select code_digest from user_recovery_code');
    for (const code of codes) expect(digests.map((d) => d.code_digest)).not.toContain(code);
  });
});

describe('sign-in of an enrolled user', () => {
  it('asks for the code, takes it once, and records how the session signed in', async () => {
    const { secret } = await enrol(t, 'agentca');
    const without = await authenticate(t, 'agentca');
    expect(without.statusCode).toBe(401);
    expect(without.json().message).toBe('error.mfaRequired');
    expect(without.headers.authorization).toBeUndefined();
    expect(without.body).not.toContain('id_token');

    // The activation used the current step's code: the next one signs in, once.
    const next = codeOf(secret, 1);
    const signedIn = await authenticate(t, 'agentca', next);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const replay = await authenticate(t, 'agentca', next);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('error.mfaInvalid');
    const [session] = await t.db.query<{ method: string }>(
      `select method from staff_session where login = 'agentca' order by created_at desc limit 1`,
    );
    expect(session!.method).toBe('totp');
  });

  it('takes each recovery code once', async () => {
    const { recoveryCodes, headers } = await enrol(t, 'agentrsic');
    const code = recoveryCodes[3]!;
    expect((await authenticate(t, 'agentrsic', code.toLowerCase())).statusCode).toBe(200);
    expect((await authenticate(t, 'agentrsic', code)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/account/mfa', headers })).json()).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it('counts wrong codes toward the lockout', async () => {
    await enrol(t, 'reclamations');
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await authenticate(t, 'reclamations', '123456')).json().message);
    expect(answers.slice(0, 4)).toEqual(Array(4).fill('error.mfaInvalid'));
    expect(answers[4]).toBe('login.messages.error.locked');
    await t.db.query(`delete from user_attempts where principal = 'reclamations'`);
  });

  it('removes its own second factor with a code, and an administrator resets anyone’s', async () => {
    const { secret, headers } = await enrol(t, 'responsabledesk');
    const refused = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/mfa/totp',
      headers,
      payload: { code: '12345' },
    });
    expect(refused.statusCode).toBe(400);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/api/account/mfa/totp',
      headers,
      payload: { code: codeOf(secret, 1) },
    });
    expect(removed.statusCode).toBe(204);
    expect((await authenticate(t, 'responsabledesk')).statusCode).toBe(200);

    const { headers: userHeaders } = await enrol(t, 'stagiaire');
    const admin = bearer(await t.tokenFor('admin'));
    expect(
      (await t.app.inject({ method: 'DELETE', url: '/api/users/stagiaire/mfa', headers: userHeaders })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/users/stagiaire/mfa', headers: admin })).statusCode).toBe(
      204,
    );
    // The reset ends the user's sessions: a stolen one dies with the lost phone.
    expect((await t.app.inject({ url: '/api/account', headers: userHeaders })).statusCode).toBe(401);
    expect((await authenticate(t, 'stagiaire')).statusCode).toBe(200);
  });
});

describe('codes checked for a signed-in user', () => {
  const remove = (app: TestApp, headers: Record<string, string>, code: string) =>
    app.app.inject({ method: 'DELETE', url: '/api/account/mfa/totp', headers, payload: { code } });

  it('counts wrong codes on removal toward the sign-in lockout; the right code waits until it ends', async () => {
    const { secret, headers } = await enrol(t, 'manager');
    const wrong = codeOf(secret, 1) === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const refused = await remove(t, headers, wrong);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('error.mfaInvalid');
    }
    const fifth = await remove(t, headers, wrong);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().message).toBe('login.messages.error.locked');
    // Locked: the right code is refused, and so is a sign-in, while the session itself stays.
    const right = await remove(t, headers, codeOf(secret, 1));
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe('login.messages.error.locked');
    expect((await authenticate(t, 'manager', codeOf(secret, 1))).json().message).toBe('login.messages.error.locked');
    expect((await t.app.inject({ url: '/api/account/mfa', headers })).json()).toMatchObject({ totp: true });
    const failures = await t.db.query<{ data: unknown }>(
      `select data from audit_event where principal = 'manager' and event_type = 'AUTHENTICATION_FAILURE'`,
    );
    expect(failures).toHaveLength(5);

    await t.db.query(
      `update user_attempts set last_modified = now() - interval '31 minutes' where principal = 'manager'`,
    );
    expect((await remove(t, headers, codeOf(secret, 1))).statusCode).toBe(204);
  });

  it('counts wrong codes at enrolment the same way', async () => {
    // Enrolled by the first test: an administrator's reset, then a new enrolment.
    const admin = bearer(await t.tokenFor('admin'));
    await t.app.inject({ method: 'DELETE', url: '/api/users/agentsaisie/mfa', headers: admin });
    const fresh = bearer(await t.signIn('agentsaisie'));
    const { secret } = (
      await t.app.inject({ method: 'POST', url: '/api/account/mfa/totp/setup', headers: fresh })
    ).json<{ secret: string }>();
    const wrong = codeOf(secret) === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/account/mfa/totp/activate',
            headers: fresh,
            payload: { code: wrong },
          })
        ).statusCode,
      );
    expect(answers).toEqual([400, 400, 400, 400, 429]);
    await t.db.query(`delete from user_attempts where principal = 'agentsaisie'`);
  });

  it('shares the sign-in rate limit per address: guesses on removal and sign-ins add up', async () => {
    const limited = await startTestApp({ config: { rateLimitAuthenticate: 5 } });
    try {
      // The sign-in and the activation are the first two of the five.
      const { secret, headers } = await enrol(limited, 'agentca');
      const wrong = codeOf(secret, 1) === '000000' ? '111111' : '000000';
      for (let i = 0; i < 3; i++) expect((await remove(limited, headers, wrong)).statusCode).toBe(400);
      const sixth = await remove(limited, headers, wrong);
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().message).toBe('error.http.429');
      expect((await authenticate(limited, 'stagiaire')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('roles that must enrol first (MFA_REQUIRED_ROLES)', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await startTestApp({ config: { mfaRequiredRoles: ['ROLE_ADMIN'] } });
  });
  afterAll(() => strict.close());

  it('lets an administrator without a second factor enrol, and nothing else until then', async () => {
    const headers = bearer(await strict.signIn('admin'));
    const users = await strict.app.inject({ url: '/api/users', headers });
    expect(users.statusCode).toBe(403);
    expect(users.json().message).toBe('error.mfaEnrolmentRequired');
    expect((await strict.app.inject({ url: '/api/account', headers })).statusCode).toBe(200);
    // The web app reads here that it must take the administrator straight to enrolment.
    const before = await strict.app.inject({ url: '/api/account/mfa', headers });
    expect(before.json()).toEqual({ totp: false, recoveryCodesLeft: 0, enrolmentRequired: true });
    // Other roles are not concerned.
    expect(
      (await strict.app.inject({ url: '/core/api/branches', headers: bearer(await strict.signIn('manager')) }))
        .statusCode,
    ).toBe(200);

    await enrol(strict, 'admin');
    expect((await strict.app.inject({ url: '/api/users', headers })).statusCode).toBe(200);
    const after = await strict.app.inject({ url: '/api/account/mfa', headers });
    expect(after.json()).toEqual({ totp: true, recoveryCodesLeft: 10, enrolmentRequired: false });
  });
});
