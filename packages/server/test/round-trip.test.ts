// The round-trip contract: what a GET returns may be sent back to its PUT or POST as it is, or edited.
// Read-only, joined and audit fields are accepted and never applied; a field nobody declares is still a
// 400 naming it. Generated from the registry: one row of every entity anybody may update, then the
// signed-in account (as JHipster's settings page saves it) and an administrator's user form.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ACCOUNTS,
  ENTITIES,
  WORKFLOWS,
  entityAccess,
  entityByName,
  isClosedRequest,
  workflowOf,
  type Entity,
} from '@bank/domain';
import { bearer, startTestApp, type TestApp } from './helper';

let t: TestApp;
const as = async (login: string) => bearer(await t.tokenFor(login));

beforeAll(async () => {
  t = await startTestApp({ seed: 'demo' });
});
afterAll(() => t.close());

type Row = Record<string, unknown> & { id: number; version: number };

/** The fields a write may move by itself: the lock and the time of the last change. */
function withoutBookkeeping(entity: Entity, row: Row): Record<string, unknown> {
  const { version: _version, ...rest } = row;
  const updatedAt = workflowOf(entity.name)?.updatedAt;
  if (updatedAt) delete rest[updatedAt];
  return rest;
}

const updatable = ENTITIES.filter((entity) => entityAccess(entity.name, 'update').length > 0);

describe('GET then PUT unchanged', () => {
  it.each(updatable.map((entity) => [entity.name, entity] as const))(
    '%s: 200, and nothing but the version moves',
    async (_name, entity) => {
      const allowed = entityAccess(entity.name, 'update');
      const login = DEMO_ACCOUNTS.find((a) => a.authorities.some((role) => allowed.includes(role)))!.login;
      const headers = await as(login);
      const rows = (await t.app.inject({ url: `${entity.path}?size=50&sort=id,asc`, headers })).json<Row[]>();
      // A closed request no longer changes for anyone (409): the contract is about one that may.
      const listed = rows.find((row) => !isClosedRequest(entity, row));
      expect(listed, `${entity.name} has an open demo row`).toBeDefined();
      const read = (await t.app.inject({ url: `${entity.path}/${listed!.id}`, headers })).json<Row>();

      const put = await t.app.inject({ method: 'PUT', url: `${entity.path}/${read.id}`, headers, payload: read });
      expect(put.statusCode, put.body).toBe(200);
      const after = (await t.app.inject({ url: `${entity.path}/${read.id}`, headers })).json<Row>();
      expect(withoutBookkeeping(entity, after)).toEqual(withoutBookkeeping(entity, read));
    },
  );

  it('still refuses a field nobody declares, naming it, and changes nothing', async () => {
    const entity = ENTITIES.find((e) => e.name === 'branch')!;
    const headers = await as('admin');
    const [row] = (await t.app.inject({ url: `${entity.path}?size=1&sort=id,asc`, headers })).json<Row[]>();
    const response = await t.app.inject({
      method: 'PUT',
      url: `${entity.path}/${row!.id}`,
      headers,
      payload: { ...row, nickname: 'Plateau' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.map((e: { field: string }) => e.field)).toContain('nickname');
    const after = (await t.app.inject({ url: `${entity.path}/${row!.id}`, headers })).json<Row>();
    expect(after).toEqual(row);
  });
});

describe('a staff decision sent as the form read it', () => {
  it.each(WORKFLOWS.map((workflow) => [workflow.entity, workflow] as const))(
    '%s: the whole row back with a rejection changes the status and the observation only',
    async (_name, workflow) => {
      const entity = entityByName(workflow.entity);
      const allowed = entityAccess(entity.name, 'update');
      const login = DEMO_ACCOUNTS.find((a) => a.authorities.some((role) => allowed.includes(role)))!.login;
      const headers = await as(login);
      const url = `${entity.path}?${workflow.status}.in=${workflow.openStatuses.join(',')}&size=20&sort=id,desc`;
      // An open request this login may decide: one it did not file itself (maker is not checker).
      const listed = (await t.app.inject({ url, headers })).json<Row[]>().find((row) => row.filedBy !== login);
      const read = (await t.app.inject({ url: `${entity.path}/${listed!.id}`, headers })).json<Row>();
      const decided = {
        [workflow.status]: 'REJECTED',
        ...(workflow.comment ? { [workflow.comment]: 'Pièces manquantes' } : {}),
      };

      const put = await t.app.inject({
        method: 'PUT',
        url: `${entity.path}/${read.id}`,
        headers,
        payload: { ...read, ...decided },
      });
      expect(put.statusCode, put.body).toBe(200);
      const after = (await t.app.inject({ url: `${entity.path}/${read.id}`, headers })).json<Row>();
      expect(withoutBookkeeping(entity, after)).toEqual(withoutBookkeeping(entity, { ...read, ...decided }));
    },
  );
});

describe('api/account', () => {
  it('takes back what GET gave, with one first name changed, as JHipster settings save it', async () => {
    const headers = await as('manager');
    const read = (await t.app.inject({ url: '/api/account', headers })).json<Record<string, unknown>>();
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/account',
      headers,
      payload: { ...read, firstName: 'Ousmane Abdou' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await t.app.inject({ url: '/api/account', headers })).json<Record<string, unknown>>();
    expect(after.firstName).toBe('Ousmane Abdou');
    const { firstName: _a, lastModifiedBy: _b, lastModifiedDate: _c, ...rest } = after;
    const { firstName: _d, lastModifiedBy: _e, lastModifiedDate: _f, ...restBefore } = read;
    expect(rest).toEqual(restBefore);
  });

  it('never applies the read-only fields it accepts: login, authorities, activation, id, audit', async () => {
    const headers = await as('manager');
    const read = (await t.app.inject({ url: '/api/account', headers })).json<Record<string, unknown>>();
    const forged = {
      ...read,
      id: 1,
      login: 'admin',
      authorities: ['ROLE_ADMIN'],
      activated: false,
      imageUrl: 'https://example.invalid/x.png',
      createdBy: 'admin',
      createdDate: '2001-01-01T00:00:00Z',
      lastModifiedBy: 'admin',
      lastModifiedDate: '2001-01-01T00:00:00Z',
    };
    const saved = await t.app.inject({ method: 'POST', url: '/api/account', headers, payload: forged });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await t.app.inject({ url: '/api/account', headers })).json<Record<string, unknown>>();
    for (const field of ['id', 'login', 'authorities', 'activated', 'imageUrl', 'createdBy', 'createdDate'])
      expect(after[field], field).toEqual(read[field]);
    expect(after.lastModifiedBy).toBe('manager');
    const admin = (await t.app.inject({ url: '/api/users/admin', headers: await as('admin') })).json();
    expect(admin.authorities).toContain('ROLE_ADMIN');
  });

  it('refuses a field nobody declares, naming it', async () => {
    const headers = await as('manager');
    const read = (await t.app.inject({ url: '/api/account', headers })).json<Record<string, unknown>>();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account',
      headers,
      payload: { ...read, password: 'stagiaire2' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.map((e: { field: string }) => e.field)).toContain('password');
  });
});

describe('api/users', () => {
  it('takes back what GET gave: 200, and nothing but the last modification moves', async () => {
    const headers = await as('admin');
    const read = (await t.app.inject({ url: '/api/users/agentca', headers })).json<Record<string, unknown>>();
    const saved = await t.app.inject({ method: 'PUT', url: '/api/users', headers, payload: read });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await t.app.inject({ url: '/api/users/agentca', headers })).json<Record<string, unknown>>();
    const { lastModifiedBy: _a, lastModifiedDate: _b, ...rest } = after;
    const { lastModifiedBy: _c, lastModifiedDate: _d, ...restBefore } = read;
    expect(rest).toEqual(restBefore);
    expect(after.lastModifiedBy).toBe('admin');
  });

  it('never applies the audit fields it accepts', async () => {
    const headers = await as('admin');
    const read = (await t.app.inject({ url: '/api/users/agentrsic', headers })).json<Record<string, unknown>>();
    const forged = { ...read, createdBy: 'nobody', createdDate: '2001-01-01T00:00:00Z', lastModifiedBy: 'nobody' };
    const saved = await t.app.inject({ method: 'PUT', url: '/api/users', headers, payload: forged });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (await t.app.inject({ url: '/api/users/agentrsic', headers })).json<Record<string, unknown>>();
    expect(after.createdBy).toEqual(read.createdBy);
    expect(after.createdDate).toEqual(read.createdDate);
    expect(after.lastModifiedBy).toBe('admin');
  });
});
