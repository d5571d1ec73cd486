import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_AUTHORITIES, DEMO_ACCOUNTS, ROLES } from '@bank/domain';
import { bearer, startTestApp, type TestApp } from './helper';
import { keyIn, lastMailTo } from './outbox';

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp();
  admin = bearer(await t.tokenFor('admin'));
});
afterAll(() => t.close());

const OTHER_ROLES = DEMO_ACCOUNTS.filter((a) => !a.authorities.includes(ROLES.ADMIN)).map((a) => a.login);

const createUser = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/users', headers: admin, payload });

async function getUser(login: string) {
  return (await t.app.inject({ url: `/api/users/${login}`, headers: admin })).json();
}

async function updateUser(login: string, changes: Record<string, unknown>, headers = admin) {
  const current = await getUser(login);
  return t.app.inject({ method: 'PUT', url: '/api/users', headers, payload: { ...current, ...changes } });
}

describe('api/users access', () => {
  const calls = [
    { method: 'GET', url: '/api/users' },
    { method: 'GET', url: '/api/users/nopagination' },
    { method: 'GET', url: '/api/users/authorities' },
    { method: 'GET', url: '/api/users/manager' },
    { method: 'POST', url: '/api/users', payload: { login: 'x', email: 'x@banque.sn' } },
    { method: 'PUT', url: '/api/users', payload: { id: 1, login: 'x', email: 'x@banque.sn' } },
    { method: 'DELETE', url: '/api/users/stagiaire' },
  ] as const;

  it.each(calls)('$method $url: 401 anonymous, 403 for every role but ADMIN', async (call) => {
    expect((await t.app.inject(call)).statusCode).toBe(401);
    for (const login of OTHER_ROLES) {
      const response = await t.app.inject({ ...call, headers: bearer(await t.tokenFor(login)) });
      expect(response.statusCode, login).toBe(403);
    }
  });

  it.each(calls.filter((c) => c.method === 'GET'))('$method $url: 200 for ADMIN', async (call) => {
    expect((await t.app.inject({ ...call, headers: admin })).statusCode).toBe(200);
  });
});

describe('GET api/users', () => {
  it('pages with X-Total-Count and Link headers', async () => {
    const response = await t.app.inject({ url: '/api/users?page=1&size=3&sort=login,asc', headers: admin });
    expect(response.statusCode).toBe(200);
    const total = Number(response.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(DEMO_ACCOUNTS.length);
    expect(response.json()).toHaveLength(3);
    const link = String(response.headers.link);
    const target = (rel: string) => new RegExp(`<([^>]*)>; rel="${rel}"`).exec(link)?.[1];
    expect(target('first')).toBe('/api/users?page=0&size=3&sort=login%2Casc');
    expect(target('prev')).toBe('/api/users?page=0&size=3&sort=login%2Casc');
    expect(target('next')).toBe('/api/users?page=2&size=3&sort=login%2Casc');
    expect(target('last')).toBe(`/api/users?page=${Math.ceil(total / 3) - 1}&size=3&sort=login%2Casc`);
  });

  it.each(['login', 'email', 'lastName', 'firstName', 'createdDate'])('sorts on %s both ways', async (field) => {
    const read = async (direction: string) =>
      (await t.app.inject({ url: `/api/users?size=100&sort=${field},${direction}`, headers: admin }))
        .json<Record<string, string>[]>()
        .map((u) => u[field] ?? '');
    const ascending = await read('asc');
    const sorted = [...ascending].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(ascending).toEqual(sorted);
    // Equal values are ordered by id in the direction of the sort, so descending is the exact reverse.
    expect(await read('desc')).toEqual([...sorted].reverse());
  });

  it('refuses an unknown sort field with a 400 problem', async () => {
    const response = await t.app.inject({ url: '/api/users?sort=password_hash,asc', headers: admin });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[0].field).toBe('sort');
  });

  it('shows accounts without their password hash, keys or version', async () => {
    const [user] = (await t.app.inject({ url: '/api/users?sort=login,asc', headers: admin })).json();
    expect(Object.keys(user).sort()).toEqual(
      [
        'activated',
        'authorities',
        'createdBy',
        'createdDate',
        'email',
        'firstName',
        'id',
        'imageUrl',
        'langKey',
        'lastModifiedBy',
        'lastModifiedDate',
        'limitDayTransfer',
        'limitMonthTransfer',
        'login',
        'lastName',
      ].sort(),
    );
  });

  it('nopagination answers the plain list; authorities lists the nine roles', async () => {
    const all = await t.app.inject({ url: '/api/users/nopagination', headers: admin });
    expect(all.json().map((u: { login: string }) => u.login)).toEqual(
      expect.arrayContaining(DEMO_ACCOUNTS.map((a) => a.login)),
    );
    const authorities = await t.app.inject({ url: '/api/users/authorities', headers: admin });
    expect(authorities.json()).toEqual([...ALL_AUTHORITIES].sort());
  });

  it('reads one account by login or by id, 404 otherwise', async () => {
    const byLogin = await getUser('manager');
    expect(byLogin).toMatchObject({ login: 'manager', authorities: [ROLES.MANAGER], activated: true });
    expect(await getUser(String(byLogin.id))).toEqual(byLogin);
    const missing = await t.app.inject({ url: '/api/users/nobody', headers: admin });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/problem+json');
  });
});

describe('POST api/users', () => {
  it('creates an activated account with its roles and mails a link to choose the password', async () => {
    const response = await createUser({
      login: 'Nouvel.Agent',
      firstName: 'Khady',
      lastName: 'Ndiaye',
      email: 'Nouvel.Agent@banque.sn',
      authorities: [ROLES.AGENTCA],
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['x-app-alert']).toBe('userManagement.created');
    expect(response.headers['x-app-params']).toBe('nouvel.agent');
    expect(response.headers.location).toBe('/api/users/nouvel.agent');
    expect(response.json()).toMatchObject({
      login: 'nouvel.agent',
      email: 'nouvel.agent@banque.sn',
      activated: true,
      langKey: 'fr',
      authorities: [ROLES.AGENTCA],
      createdBy: 'admin',
    });

    const mail = (await lastMailTo(t, 'nouvel.agent@banque.sn'))!;
    expect(mail.subject).toBe('Création de votre compte');
    expect(mail.text).toContain('Bonjour Khady');
    const key = keyIn(mail.text, 'reset/finish');
    const finish = await t.app.inject({
      method: 'POST',
      url: '/api/account/reset-password/finish',
      payload: { key, newPassword: 'Choisi-2024' },
    });
    expect(finish.statusCode).toBe(200);
    const token = await t.tokenFor('nouvel.agent', 'Choisi-2024');
    const account = await t.app.inject({ url: '/api/account', headers: bearer(token) });
    expect(account.json().authorities).toEqual([ROLES.AGENTCA]);
  });

  it('writes the mail in English for an English-speaking user, and keeps an inactive account inactive', async () => {
    const response = await createUser({
      login: 'intern2',
      email: 'intern2@banque.sn',
      langKey: 'en',
      activated: false,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ activated: false, langKey: 'en', authorities: [] });
    const mail = (await lastMailTo(t, 'intern2@banque.sn'))!;
    expect(mail.subject).toBe('Your account has been created');
    expect(mail.html).toContain('<a href="http://127.0.0.1:8080/reset/finish/');
  });

  it('refuses a login or an e-mail already used, whatever their case', async () => {
    const login = await createUser({ login: 'MANAGER', email: 'someone@banque.sn' });
    expect(login.statusCode).toBe(400);
    expect(login.headers['x-app-error']).toBe('error.userexists');
    expect(login.json().message).toBe('error.userexists');
    const email = await createUser({ login: 'someone', email: 'Manager@Banque.sn' });
    expect(email.statusCode).toBe(400);
    expect(email.headers['x-app-error']).toBe('error.emailexists');
    expect((await t.app.inject({ url: '/api/users/someone', headers: admin })).statusCode).toBe(404);
  });

  it('refuses an id, an unknown role and a malformed login with field errors', async () => {
    const response = await createUser({
      id: 5,
      login: 'bad login!',
      email: 'not-an-email',
      authorities: ['ROLE_KING'],
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json().fieldErrors.map((f: { field: string }) => f.field);
    expect(fields).toEqual(expect.arrayContaining(['id', 'login', 'email', 'authorities.0']));
  });
});

describe('PUT api/users', () => {
  it('updates names, e-mail, language, roles and limits, with an alert header', async () => {
    await createUser({ login: 'edit.me', email: 'edit.me@banque.sn', authorities: [ROLES.STAGIAIRE] });
    const response = await updateUser('edit.me', {
      firstName: 'Edité',
      lastName: 'Moi',
      email: 'edited@banque.sn',
      langKey: 'en',
      authorities: [ROLES.MANAGER, ROLES.AGENTCA],
      limitDayTransfer: '150000',
      limitMonthTransfer: 2000000,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-app-alert']).toBe('userManagement.updated');
    expect(response.json()).toMatchObject({
      firstName: 'Edité',
      email: 'edited@banque.sn',
      langKey: 'en',
      authorities: [ROLES.AGENTCA, ROLES.MANAGER],
      limitDayTransfer: '150000.00',
      limitMonthTransfer: '2000000.00',
      lastModifiedBy: 'admin',
    });
  });

  it('refuses a transfer limit with a fraction of a franc', async () => {
    const response = await updateUser('edit.me', { limitDayTransfer: '150000.50' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors).toEqual([expect.objectContaining({ field: 'limitDayTransfer' })]);
  });

  it("refuses another account's login or e-mail and a missing id", async () => {
    const login = await updateUser('edit.me', { login: 'manager' });
    expect(login.headers['x-app-error']).toBe('error.userexists');
    const email = await updateUser('edit.me', { email: 'admin@banque.sn' });
    expect(email.headers['x-app-error']).toBe('error.emailexists');
    const unknown = await updateUser('edit.me', { id: 999999 });
    expect(unknown.statusCode).toBe(404);
  });

  it('takes a role away and deactivates an account at once, even for tokens already issued', async () => {
    await createUser({ login: 'temp.admin', email: 'temp.admin@banque.sn', authorities: [ROLES.ADMIN] });
    await t.db.query(`update app_user set password_hash = (select password_hash from app_user where login = 'admin')
                       where login = 'temp.admin'`);
    const token = bearer(await t.signIn('temp.admin', 'admin'));
    expect((await t.app.inject({ url: '/api/users', headers: token })).statusCode).toBe(200);

    // A role change ends the sessions signed in with the old roles; the next sign-in has the new ones.
    await updateUser('temp.admin', { authorities: [ROLES.STAGIAIRE] });
    expect((await t.app.inject({ url: '/api/users', headers: token })).statusCode).toBe(401);
    const demoted = bearer(await t.signIn('temp.admin', 'admin'));
    expect((await t.app.inject({ url: '/api/users', headers: demoted })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/account', headers: demoted })).statusCode).toBe(200);

    await updateUser('temp.admin', { activated: false });
    expect((await t.app.inject({ url: '/api/account', headers: demoted })).statusCode).toBe(401);
  });

  it('refuses that an administrator deactivates, demotes or renames themselves', async () => {
    const cases = [
      [{ activated: false }, 'error.selfdeactivate'],
      [{ authorities: [ROLES.USER] }, 'error.selfdemote'],
      [{ login: 'admin2' }, 'error.selflogin'],
    ] as const;
    for (const [changes, key] of cases) {
      const response = await updateUser('admin', changes);
      expect(response.statusCode).toBe(400);
      expect(response.headers['x-app-error']).toBe(key);
    }
    expect(await getUser('admin')).toMatchObject({ activated: true, authorities: [ROLES.ADMIN, ROLES.USER] });
    expect((await t.app.inject({ url: '/api/users', headers: admin })).statusCode).toBe(200);
  });
});

describe('DELETE api/users/{login}', () => {
  it('deletes an account (204), whose token then stops working', async () => {
    await createUser({ login: 'leaving', email: 'leaving@banque.sn', authorities: [ROLES.STAGIAIRE] });
    await t.db.query(`update app_user set password_hash = (select password_hash from app_user where login = 'admin')
                       where login = 'leaving'`);
    const token = bearer(await t.tokenFor('leaving', 'admin'));
    expect((await t.app.inject({ url: '/api/account', headers: token })).statusCode).toBe(200);

    const response = await t.app.inject({ method: 'DELETE', url: '/api/users/leaving', headers: admin });
    expect(response.statusCode).toBe(204);
    expect(response.headers['x-app-alert']).toBe('userManagement.deleted');
    expect((await t.app.inject({ url: '/api/users/leaving', headers: admin })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/account', headers: token })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/users/leaving', headers: admin })).statusCode).toBe(404);
  });

  it('refuses that an administrator deletes their own account', async () => {
    const me = await getUser('admin');
    for (const target of ['admin', String(me.id)]) {
      const response = await t.app.inject({ method: 'DELETE', url: `/api/users/${target}`, headers: admin });
      expect(response.statusCode).toBe(400);
      expect(response.headers['x-app-error']).toBe('error.selfdelete');
    }
    expect((await getUser('admin')).login).toBe('admin');
  });
});

describe('audit of user management', () => {
  it('records who created, updated and deleted which account', async () => {
    const events = await t.db.query<{ principal: string; event_type: string; data: { login: string } }>(
      `select principal, event_type, data from audit_event where event_type like 'USER_%' order by id`,
    );
    const seen = events.map((e) => `${e.principal} ${e.event_type} ${e.data.login}`);
    expect(seen).toEqual(
      expect.arrayContaining([
        'admin USER_CREATED nouvel.agent',
        'admin USER_UPDATED edit.me',
        'admin USER_DELETED leaving',
      ]),
    );
  });
});
