// The staff work queue's routes: counts per status from the row counters, and under the four-eyes rule
// the queue of requests waiting for a second validation (without those the viewer approved first, with
// the request lists' filters) and the open approvals of a list's rows; each readable by whoever may read
// the list, and no one else.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITIES, ENUMS, entityByName, workflowOf } from '@bank/domain';
import { hashPassword } from '../src/security/passwords';
import { insertUser } from '../src/modules/account/users';
import { fileable, filerOf, fundedAccount } from './ledger-fixtures';
import { bearer, insertRecord, startTestApp, type TestApp } from './helper';

const THRESHOLD = 1_000_000;
let t: TestApp;
const headers = new Map<string, Record<string, string>>();
const as = (login: string) => headers.get(login)!;

beforeAll(async () => {
  t = await startTestApp({ config: { fourEyesThresholdXof: THRESHOLD } });
  await insertUser(t.db, {
    login: 'plainuser',
    passwordHash: await hashPassword('plainuser'),
    activated: true,
    authorities: ['ROLE_USER'],
  });
  for (const login of ['manager', 'responsabledesk', 'agentsaisie', 'plainuser']) {
    headers.set(login, bearer(await t.tokenFor(login)));
  }
});
afterAll(() => t.close());

type Row = Record<string, unknown> & { id: number; version: number };
interface Counts {
  statuses: Record<string, number>;
  total: number;
  secondValidation?: number;
}

const counts = async (path: string, login: string) => {
  const response = await t.app.inject({ url: `${path}/status-counts`, headers: as(login) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Counts>();
};

async function create(path: string, payload: Record<string, unknown>): Promise<Row> {
  const entity = ENTITIES.find((e) => e.path === path)!;
  const response = await t.app.inject({
    method: 'POST',
    url: path,
    headers: bearer(await t.tokenFor(filerOf(entity.name))),
    payload: await fileable(t.db, entity.name, payload),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe('status counts', () => {
  const cards = entityByName('cardOrder');

  it('counts every status of the enum, and their sum, as the lists count them', async () => {
    const before = await counts(cards.path, 'agentsaisie');
    expect(Object.keys(before.statuses).sort()).toEqual([...ENUMS.demandStatus.values].sort());
    await create(cards.path, { orderStatus: 'PENDING' });
    await create(cards.path, { orderStatus: 'PENDING' });
    await create(cards.path, {});
    const after = await counts(cards.path, 'agentsaisie');
    expect(after.statuses.PENDING).toBe(before.statuses.PENDING! + 2);
    expect(after.statuses.INPROGRESS).toBe(before.statuses.INPROGRESS! + 1);
    expect(after.total).toBe(before.total + 3);
    expect(after.secondValidation).toBeUndefined();
    for (const [status, n] of Object.entries(after.statuses)) {
      const list = await t.app.inject({ url: `${cards.path}?orderStatus.in=${status}&size=1`, headers: as('manager') });
      expect(Number(list.headers['x-total-count']), status).toBe(n);
    }
  });

  it('answers 401 without a token and 403 to a user who may not read the list', async () => {
    expect((await t.app.inject({ url: `${cards.path}/status-counts` })).statusCode).toBe(401);
    const response = await t.app.inject({ url: `${cards.path}/status-counts`, headers: as('plainuser') });
    expect(response.statusCode).toBe(403);
  });
});

describe('second validation', () => {
  const transfers = entityByName('transfer');
  const workflow = workflowOf('transfer')!;
  const queue = async (login: string) => {
    const response = await t.app.inject({ url: `${transfers.path}/second-validation?size=100`, headers: as(login) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Row[]>().map((row) => row.id);
  };
  const validate = (row: Row, login: string) =>
    t.app.inject({
      method: 'PUT',
      url: `${transfers.path}/${row.id}`,
      headers: as(login),
      payload: { ...row, [workflow.status]: 'VALIDATED', [workflow.comment!]: `Contrôlé par ${login}` },
    });

  it('lists a half-validated transfer for another decider, not for its first approver, until it is done', async () => {
    const large = await create(transfers.path, { amount: String(THRESHOLD), demandStatus: 'PENDING' });
    const small = await create(transfers.path, { amount: String(THRESHOLD - 1), demandStatus: 'PENDING' });
    const untouched = await create(transfers.path, { amount: String(THRESHOLD * 2), demandStatus: 'PENDING' });
    const desksBefore = (await counts(transfers.path, 'responsabledesk')).secondValidation!;

    const first = await validate(large, 'manager');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()[workflow.status]).toBe(workflow.fourEyes!.waiting);
    expect((await validate(small, 'manager')).json()[workflow.status]).toBe('VALIDATED');

    const desk = await queue('responsabledesk');
    expect(desk).toContain(large.id);
    expect(desk).not.toContain(small.id);
    expect(desk).not.toContain(untouched.id);
    expect(await queue('manager')).not.toContain(large.id);
    expect((await counts(transfers.path, 'responsabledesk')).secondValidation).toBe(desksBefore + 1);
    expect((await counts(transfers.path, 'manager')).secondValidation).toBe(desksBefore);

    const approvals = await t.app.inject({
      url: `${transfers.path}/open-approvals?ids=${large.id},${small.id}`,
      headers: as('agentsaisie'),
    });
    expect(approvals.statusCode, approvals.body).toBe(200);
    const open = approvals.json<Record<string, Array<{ login: string }>>>();
    expect(open[large.id]?.map((a) => a.login)).toEqual(['manager']);
    expect(open[small.id]).toBeUndefined();

    const second = await validate(first.json(), 'responsabledesk');
    expect(second.json()[workflow.status]).toBe('VALIDATED');
    expect(await queue('responsabledesk')).not.toContain(large.id);
  });

  it("takes the request lists' filters: creation days, reference and search text, whatever is filled", async () => {
    /** A large transfer made on `createdAt`, validated once by the manager. */
    const halfValidated = async (createdAt: string) => {
      const id = await insertRecord(t.db, 'transfer', {
        amount: String(THRESHOLD),
        demandStatus: 'PENDING',
        createdAt,
        bankAccountId: await fundedAccount(t.db),
      });
      const row = (await t.app.inject({ url: `${transfers.path}/${id}`, headers: as('manager') })).json<Row>();
      expect((await validate(row, 'manager')).json()[workflow.status]).toBe(workflow.fourEyes!.waiting);
      return id;
    };
    const march = await halfValidated('2026-03-31T23:30:00Z');
    const april = await halfValidated('2026-04-01T00:10:00Z');
    const mine = [march, april];
    const filtered = async (query: Record<string, string>) => {
      const response = await t.app.inject({
        url: `${transfers.path}/second-validation`,
        query: { size: '100', ...query },
        headers: as('responsabledesk'),
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Row[]>().flatMap((row) => (mine.includes(row.id) ? [row.id] : []));
    };

    expect(await filtered({})).toEqual([march, april]);
    // Whole days, both included, Dakar time (UTC).
    expect(await filtered({ startdate: '2026-03-01', enddate: '2026-03-31' })).toEqual([march]);
    expect(await filtered({ startdate: '2026-04-01' })).toEqual([april]);
    expect(await filtered({ enddate: '2026-03-30' })).toEqual([]);
    expect(await filtered({ id: String(april) })).toEqual([april]);
    expect(await filtered({ query: String(march), sort: 'createdAt,asc' })).toEqual([march]);
    expect(await filtered({ startdate: '2026-03-01', id: String(march), query: String(march) })).toEqual([march]);
    // Filtered or not, still only what this viewer may validate: not the manager's own first validations.
    const own = await t.app.inject({
      url: `${transfers.path}/second-validation`,
      query: { id: String(april), query: String(april) },
      headers: as('manager'),
    });
    expect(own.json()).toEqual([]);
  });

  it.each<[Record<string, string>, string]>([
    [{ startdate: '2026-02-30' }, 'startdate'],
    [{ enddate: 'hier' }, 'enddate'],
    [{ id: 'abc' }, 'id'],
    [{ 'amount.equals': 'beaucoup' }, 'amount.equals'],
  ])('refuses the filter %j with a 400 naming it', async (query, field) => {
    const response = await t.app.inject({
      url: `${transfers.path}/second-validation`,
      query,
      headers: as('responsabledesk'),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors.map((error: { field: string }) => error.field)).toEqual([field]);
  });

  it('refuses bad input with a 400 and readers without the role with a 403', async () => {
    for (const ids of ['abc', '1,,2', '0', Array.from({ length: 101 }, (_, i) => i + 1).join(',')]) {
      const response = await t.app.inject({
        url: `${transfers.path}/open-approvals?ids=${ids}`,
        headers: as('manager'),
      });
      expect(response.statusCode, ids).toBe(400);
    }
    const sorted = await t.app.inject({
      url: `${transfers.path}/second-validation?sort=nope,asc`,
      headers: as('manager'),
    });
    expect(sorted.statusCode).toBe(400);
    for (const url of [`${transfers.path}/second-validation`, `${transfers.path}/open-approvals?ids=1`]) {
      expect((await t.app.inject({ url, headers: as('plainuser') })).statusCode, url).toBe(403);
    }
  });
});
