// The authorization matrix: every API route the server registered, called anonymously, as each demo
// role and as a signed-in user without a staff role; the outcome must match the route's declared
// access (read from the domain's tables). A new route cannot be forgotten: it is in the list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, hasAnyAuthority } from '@bank/domain';
import type { AccessRule } from '../src/plugins/auth';
import { hashPassword } from '../src/security/passwords';
import { insertUser } from '../src/modules/account/users';
import { loadOidcSettings } from '../src/modules/oidc/settings';
import { bearer, startTestApp, streamStatus, type TestApp } from './helper';
import { startDirectory, type TestDirectory } from './oidc-provider';

let t: TestApp;
// Sign-in through a directory is on, so that its routes answer as they do in use rather than 404.
let directory: TestDirectory;
const callers: Array<{ name: string; authorities: readonly string[]; headers: Record<string, string> }> = [];

beforeAll(async () => {
  directory = await startDirectory(['http://127.0.0.1:8080/login/oauth2/code/oidc']);
  t = await startTestApp({ config: loadOidcSettings(directory.env) });
  await insertUser(t.db, {
    login: 'plainuser',
    passwordHash: await hashPassword('plainuser'),
    activated: true,
    authorities: ['ROLE_USER'],
  });
  callers.push({ name: 'anonymous', authorities: [], headers: {} });
  for (const account of DEMO_ACCOUNTS) {
    callers.push({
      name: account.login,
      authorities: account.authorities,
      headers: bearer(await t.tokenFor(account.login)),
    });
  }
  callers.push({ name: 'plainuser', authorities: ['ROLE_USER'], headers: bearer(await t.tokenFor('plainuser')) });
});
afterAll(async () => {
  await t.close();
  await directory.close();
});

/** 'allowed' means the gate let the call through (the handler may still answer 4xx for the empty input). */
function expected(rule: AccessRule, caller: { name: string; authorities: readonly string[] }): 'allowed' | 401 | 403 {
  if (rule.access === 'public') return 'allowed';
  if (caller.name === 'anonymous') return 401;
  return hasAnyAuthority(caller.authorities, rule.access) ? 'allowed' : 403;
}

/** Fills path parameters with a number that names no row, so allowed writes change nothing. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '999999');

describe('authorization matrix', () => {
  it('has every API route declare its access, and enforces it for every role', async () => {
    await t.app.ready();
    const rules = t.app.accessRules;
    expect(rules.length).toBeGreaterThan(250);
    expect(rules.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'GET /oauth2/authorization/oidc',
        'GET /login/oauth2/code/oidc',
        'POST /api/authenticate/oidc',
      ]),
    );
    const unexpected: string[] = [];
    let checked = 0;
    let base: string | undefined;
    for (const rule of rules) {
      // Sign-in attempts would lock accounts and are covered by their own suite.
      if (rule.url === '/api/authenticate') continue;
      for (const caller of callers) {
        if (rule.stream) {
          base ??= await t.app.listen({ port: 0, host: '127.0.0.1' });
          const status = await streamStatus(base, concrete(rule.url), caller.headers);
          const outcome = status === 401 || status === 403 ? status : 'allowed';
          checked++;
          if (outcome !== expected(rule, caller) || status >= 500)
            unexpected.push(
              `${rule.method} ${rule.url} as ${caller.name}: ${status}, expected ${expected(rule, caller)}`,
            );
          continue;
        }
        const response = await t.app.inject({
          method: rule.method as 'GET',
          url: concrete(rule.url),
          headers: { ...caller.headers, 'content-type': 'application/json' },
          payload: rule.method === 'GET' || rule.method === 'DELETE' ? undefined : '{}',
        });
        const outcome = response.statusCode === 401 || response.statusCode === 403 ? response.statusCode : 'allowed';
        const want = expected(rule, caller);
        checked++;
        if (outcome !== want)
          unexpected.push(`${rule.method} ${rule.url} as ${caller.name}: ${response.statusCode}, expected ${want}`);
        if (response.statusCode >= 500)
          unexpected.push(`${rule.method} ${rule.url} as ${caller.name}: ${response.statusCode} ${response.body}`);
        // Signing out ends the caller's session: the next routes get a new one.
        if (rule.url === '/api/logout' && response.statusCode === 204)
          caller.headers = bearer(await t.signIn(caller.name));
      }
    }
    expect(unexpected).toEqual([]);
    expect(checked).toBeGreaterThan(rules.length * 9);
    console.info(
      `authorization matrix: ${rules.length} routes × ${callers.length} callers = ${checked} calls, 0 unexpected`,
    );
  }, 300_000);
});
