// Generated from the entity registry: every entity gets the same API promises checked, on PGlite
// and (with DATABASE_URL) on PostgreSQL. A new entity is covered without new test code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ACCOUNTS,
  ENTITIES,
  ENUMS,
  entityAccess,
  entityByName,
  fieldWrite,
  workflowOf,
  type Entity,
  type Field,
} from '@bank/domain';
import { EntityService } from '../src/engine/entity-service';
import { INVALID, SAMPLE } from '../src/seed/samples';
import { SERVER, bearer, startTestApp, type TestApp } from './helper';
import { filerOf, fund, fundedAccount } from './ledger-fixtures';

let t: TestApp;
let headers: Record<string, string>;
let counter = 100;
const fixtures = new Map<string, number>();

beforeAll(async () => {
  t = await startTestApp();
  headers = bearer(await t.tokenFor('manager'));
});
afterAll(() => t.close());

/** Headers of a demo account allowed to read the entity (failed sign-ins: administrators only). */
async function readerOf(entity: Entity): Promise<Record<string, string>> {
  return entityAccess(entity.name, 'read').includes('ROLE_MANAGER') ? headers : bearer(await t.tokenFor('admin'));
}

/** Headers of a demo account allowed to update the entity (the manager, or the cash desk for cash requests). */
async function editorOf(entity: Entity): Promise<Record<string, string>> {
  const account = DEMO_ACCOUNTS.find((a) =>
    a.authorities.some((r) => entityAccess(entity.name, 'update').includes(r)),
  )!;
  return account.login === 'manager' ? headers : bearer(await t.tokenFor(account.login));
}

/** The id of a row of `entityName` to point refs at, created once (or anew when `fresh`). */
async function fixture(entityName: string, fresh = false): Promise<number> {
  const known = fixtures.get(entityName);
  if (known && !fresh) return known;
  const entity = entityByName(entityName);
  const body = await sampleBody(entity, counter++);
  // Transfers and provisions filed on it hold their amounts: it is open and has money to hold.
  if (entityName === 'bankAccount') body.bankAccountStatus = 'OPENED';
  const { id } = await createRow(entity, body);
  if (entityName === 'bankAccount') await fund(t.db, id, 1_000_000_000_000n);
  if (!fresh) fixtures.set(entityName, id);
  return id;
}

/** Whether the API creates rows of this entity (history and security records are the server's alone). */
const creatable = (entity: Entity) => entityAccess(entity.name, 'create').length > 0;

/** A row created through the API, or, for the server's own records, through the engine as the server writes them. */
async function createRow(
  entity: Entity,
  body: Record<string, unknown>,
): Promise<{ id: number } & Record<string, unknown>> {
  if (!creatable(entity)) return JSON.parse(JSON.stringify(await new EntityService(entity, t.db).create(body, SERVER)));
  const response = await post(entity, body);
  if (response.statusCode !== 201) throw new Error(`create ${entity.name}: ${response.body}`);
  return response.json();
}

/** Sample values of the fields a create (or an update) may set: what the server sets is left out. */
async function sampleBody(
  entity: Entity,
  n: number,
  action: 'create' | 'update' = 'create',
): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  for (const field of entity.fields) {
    if (fieldWrite(entity, field, action) === 'server') continue;
    // A ref that must be unique (one subscription per user) points at a row of its own.
    const refId = field.ref ? await fixture(field.ref, field.unique) : undefined;
    body[field.name] = SAMPLE[field.kind](field, n, refId);
  }
  return body;
}

/** What the API answers for a value that was sent (exact numbers and instants, refs with labels). */
function expectStored(field: Field, sent: unknown, got: unknown): void {
  const label = `${field.name}`;
  switch (field.kind) {
    case 'secret':
      expect(got, label).toBeUndefined();
      break;
    case 'money':
    case 'decimal':
      expect(Number(got), label).toBe(Number(sent));
      expect(typeof got, label).toBe('string');
      break;
    case 'dateTime':
      expect(Date.parse(got as string), label).toBe(Date.parse(sent as string));
      break;
    case 'refs':
      expect(
        (got as Array<{ id: number }>).map((r) => r.id),
        label,
      ).toEqual((sent as Array<{ id: number }>).map((r) => r.id));
      break;
    default:
      expect(got, label).toEqual(sent);
  }
}

/** Requests are filed by a login that decides none (maker is not checker); the rest by the manager. */
const post = async (entity: Entity, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: entity.path,
    headers: workflowOf(entity.name) ? bearer(await t.tokenFor(filerOf(entity.name))) : headers,
    payload: payload as object,
  });

describe.each(ENTITIES.map((e) => [e.name, e] as const))('%s', (_name, entity) => {
  if (!creatable(entity))
    it('has no route that creates, updates or deletes it', async () => {
      const { id } = await createRow(entity, await sampleBody(entity, counter++));
      const calls = [
        { method: 'POST', url: entity.path, payload: {} },
        { method: 'PUT', url: `${entity.path}/${id}`, payload: { id, version: 0 } },
        { method: 'DELETE', url: `${entity.path}/${id}` },
      ] as const;
      for (const call of calls) expect((await t.app.inject({ ...call, headers })).statusCode, call.method).toBe(404);
      expect(
        (await t.app.inject({ url: `${entity.path}/${id}`, headers: bearer(await t.tokenFor('admin')) })).statusCode,
      ).toBe(200);
    });

  if (creatable(entity))
    it('creates, reads, updates and deletes a row', async () => {
      const body = await sampleBody(entity, counter++);
      const created = await post(entity, body);
      expect(created.statusCode, created.body).toBe(201);
      expect(created.headers['x-app-alert']).toBe('entity.created');
      const row = created.json();
      for (const field of entity.fields) if (field.name in body) expectStored(field, body[field.name], row[field.name]);
      if (entity.fields.some((f) => f.kind === 'image')) {
        const image = entity.fields.find((f) => f.kind === 'image')!;
        expect(row[`${image.name}ContentType`]).toBe('image/png');
      }

      const read = await t.app.inject({ url: `${entity.path}/${row.id}`, headers });
      expect(read.json()).toEqual(row);

      const changed: Record<string, unknown> = {
        ...(await sampleBody(entity, counter++, 'update')),
        id: row.id,
        version: row.version,
      };
      // A request with a workflow takes a staff decision: an allowed status, its time stamped by the server.
      const workflow = workflowOf(entity.name);
      if (workflow) {
        const targets = workflow.targets ?? ENUMS[entity.field(workflow.status)!.enum!].values;
        changed[workflow.status] = targets.find((status) => status !== row[workflow.status]);
      }
      const editor = await editorOf(entity);
      const updated = await t.app.inject({
        method: 'PUT',
        url: `${entity.path}/${row.id}`,
        headers: editor,
        payload: changed,
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json().version).toBe(row.version + 1);
      // What the update may set takes the new value; everything else keeps the row's.
      for (const field of entity.fields) {
        if (field.name === workflow?.updatedAt) continue;
        if (field.name in changed) expectStored(field, changed[field.name], updated.json()[field.name]);
        else if (field.kind !== 'secret') expect(updated.json()[field.name], field.name).toEqual(row[field.name]);
      }

      const stale = await t.app.inject({
        method: 'PUT',
        url: `${entity.path}/${row.id}`,
        headers: editor,
        payload: changed,
      });
      expect(stale.statusCode).toBe(409);

      // A decided request keeps its history, so it can no longer be deleted; a fresh one can.
      let removable = row.id;
      if (workflow) {
        const kept = await t.app.inject({ method: 'DELETE', url: `${entity.path}/${row.id}`, headers });
        expect(kept.statusCode).toBe(409);
        removable = (await post(entity, await sampleBody(entity, counter++))).json().id;
      }
      const removed = await t.app.inject({ method: 'DELETE', url: `${entity.path}/${removable}`, headers });
      expect(removed.statusCode).toBe(204);
      expect((await t.app.inject({ url: `${entity.path}/${removable}`, headers })).statusCode).toBe(404);
    });

  if (creatable(entity))
    it('refuses a new row that already has an id, and an update whose ids differ', async () => {
      const withId = await post(entity, { ...(await sampleBody(entity, counter++)), id: 5 });
      expect(withId.statusCode).toBe(400);
      expect(withId.json().message).toBe('error.idexists');
      const id = await fixture(entity.name);
      const mismatch = await t.app.inject({
        method: 'PUT',
        url: `${entity.path}/${id}`,
        headers: await editorOf(entity),
        payload: { ...(await sampleBody(entity, counter++, 'update')), id: id + 1, version: 0 },
      });
      expect(mismatch.statusCode).toBe(400);
      expect(mismatch.json().message).toBe('error.idinvalid');
    });

  it('finds a created row by each searchable field and by its id', async () => {
    const reader = await readerOf(entity);
    const n = counter++;
    const body = await sampleBody(entity, n);
    const { id } = await createRow(entity, body);
    const needles = entity.fields.filter((f) => f.searchable && f.name in body).map((f) => String(body[f.name]));
    // Accents and case do not matter: "Ndèye" is found as "NDEYE".
    needles.push(...needles.filter((v) => v.includes('Ndèye')).map((v) => v.replace('Ndèye', 'NDEYE')));
    needles.push(String(id));
    for (const needle of needles) {
      const response = await t.app.inject({
        url: `/${entity.apiBase}/_search/${entity.resource}`,
        query: { query: needle, size: '1000' },
        headers: reader,
      });
      expect(response.statusCode, needle).toBe(200);
      expect(
        response.json().map((r: { id: number }) => r.id),
        `${entity.name} by "${needle}"`,
      ).toContain(id);
    }
  });

  it('pages with X-Total-Count and Link, and sorts both ways', async () => {
    const reader = await readerOf(entity);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) ids.push((await createRow(entity, await sampleBody(entity, counter++))).id);
    const filter = { 'id.in': ids.join(',') };
    const first = await t.app.inject({
      url: entity.path,
      query: { ...filter, page: '0', size: '2', sort: 'id,asc' },
      headers: reader,
    });
    expect(first.headers['x-total-count']).toBe('3');
    expect(first.json().map((r: { id: number }) => r.id)).toEqual(ids.slice(0, 2));
    expect(first.headers.link).toContain('rel="next"');
    const second = await t.app.inject({
      url: entity.path,
      query: { ...filter, page: '1', size: '2', sort: 'id,asc' },
      headers: reader,
    });
    expect(second.json().map((r: { id: number }) => r.id)).toEqual(ids.slice(2));
    const desc = await t.app.inject({ url: entity.path, query: { ...filter, sort: 'id,desc' }, headers: reader });
    expect(desc.json().map((r: { id: number }) => r.id)).toEqual([...ids].reverse());

    const sortable = entity.fields.find(
      (f) => !f.mask && ['text', 'int', 'money', 'dateTime', 'date', 'email', 'phone', 'rib'].includes(f.kind),
    );
    if (sortable) {
      const order = async (direction: string) =>
        (
          await t.app.inject({
            url: entity.path,
            query: { ...filter, sort: `${sortable.name},${direction}` },
            headers: reader,
          })
        )
          .json()
          .map((r: { id: number }) => r.id);
      expect(await order('desc')).toEqual((await order('asc')).reverse());
    }
  });

  if (creatable(entity))
    it('answers 400 naming the field for each kind of invalid value', async () => {
      const valid = await sampleBody(entity, counter++);
      for (const field of entity.fields) {
        if (fieldWrite(entity, field, 'create') === 'server') continue;
        for (const value of INVALID[field.kind](field)) {
          const response = await post(entity, { ...valid, [field.name]: value });
          expect(response.statusCode, `${field.name} = ${JSON.stringify(value).slice(0, 40)}`).toBe(400);
          const fields = response.json().fieldErrors.map((e: { field: string }) => e.field.split('.')[0]);
          expect(fields).toContain(field.name);
        }
        if (field.required) {
          const { [field.name]: _omitted, ...rest } = valid;
          expect((await post(entity, rest)).statusCode, `${field.name} missing`).toBe(400);
        }
      }
      expect((await post(entity, { ...valid, notAField: 1 })).statusCode).toBe(400);
    });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ url: entity.path })).statusCode).toBe(401);
    if (creatable(entity))
      expect((await t.app.inject({ method: 'POST', url: entity.path, payload: {} })).statusCode).toBe(401);
  });
});

describe('the generic engine', () => {
  it('refuses to delete a row that other rows still use, with a clear 409', async () => {
    const branch = await fixture('branch');
    await fixture('bankAccount');
    const response = await t.app.inject({ method: 'DELETE', url: `/core/api/branches/${branch}`, headers });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: 'error.referenced',
      detail: expect.stringContaining('still used'),
    });
  });

  it('drops nested refs whose id is empty or -1 (spec part 1 §5)', async () => {
    const flat = await t.app.inject({
      method: 'POST',
      url: '/core/api/bank-accounts',
      headers,
      payload: { branchId: '' },
    });
    expect(flat.json().branchId).toBeNull();
  });

  it('reads a form local date-time as Dakar time (UTC)', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/core/api/branches', headers, payload: { name: 'x' } });
    expect(response.statusCode).toBe(201);
    const transfer = await t.app.inject({
      method: 'POST',
      url: '/core/api/transfers',
      headers,
      payload: { execDate: '2026-03-04 09:15', amount: '10', bankAccountId: await fundedAccount(t.db) },
    });
    expect(transfer.json().execDate).toBe('2026-03-04T09:15:00.000Z');
  });

  it('treats LIKE metacharacters in a search as plain text', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/core/api/branches',
      headers,
      payload: { name: 'Agence 100% digitale' },
    });
    await t.app.inject({
      method: 'POST',
      url: '/core/api/branches',
      headers,
      payload: { name: 'Agence 1000 digitale' },
    });
    const response = await t.app.inject({ url: '/core/api/_search/branches', query: { query: '100%' }, headers });
    expect(response.json().map((r: { name: string }) => r.name)).toEqual(['Agence 100% digitale']);
  });

  it('refuses unknown filters and sorts with 400', async () => {
    const queries: Array<Record<string, string>> = [
      { 'nope.equals': '1' },
      { 'name.bogus': '1' },
      { sort: 'nope,asc' },
      { sort: 'id,sideways' },
      { 'id.equals': 'abc' },
      { page: '-1' },
      { size: 'x' },
    ];
    for (const query of queries) {
      const response = await t.app.inject({ url: '/core/api/branches', query, headers });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
    }
  });

  it('keeps delete of customer records to supervisors', async () => {
    const client = await fixture('client');
    const agent = bearer(await t.tokenFor('agentsaisie'));
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/core/api/clients/${client}`, headers: agent })).statusCode,
    ).toBe(403);
  });
});

describe('joined fields of the manager views', () => {
  it('come with each row of a page, filter and sort, and are ignored when sent back', async () => {
    const client = await post(entityByName('client'), { name: 'Khady Ndour', clientCode: 'CLJOIN01' });
    const account = await post(entityByName('bankAccount'), {
      bankAccountNumber: 'SN-JOIN-0001',
      clientId: client.json().id,
    });
    const order = await post(entityByName('cardOrder'), {
      holderName: 'Khady Ndour',
      bankAccountId: account.json().id,
    });
    expect(order.json()).toMatchObject({
      clientName: 'Khady Ndour',
      clientCode: 'CLJOIN01',
      bankAccountNumber: 'SN-JOIN-0001',
    });

    const page = await t.app.inject({
      url: '/core/api/card-orders',
      query: { 'clientCode.equals': 'CLJOIN01', sort: 'clientName,asc' },
      headers,
    });
    expect(page.headers['x-total-count']).toBe('1');
    expect(page.json()[0]).toMatchObject({ id: order.json().id, clientName: 'Khady Ndour' });

    const echoed = await t.app.inject({
      method: 'PUT',
      url: `/core/api/card-orders/${order.json().id}`,
      headers,
      payload: { ...order.json<Record<string, unknown>>(), clientName: 'ignored', comment: 'vu' },
    });
    expect(echoed.statusCode, echoed.body).toBe(200);
    expect(echoed.json().clientName).toBe('Khady Ndour');
  });
});
