// The notifications bell and « Mes saisies » (issue 38): a decision that closes a request tells its maker
// and the giver of its first four-eyes validation, nobody else, in the database (read and marked read by
// that login alone) and on that login's event streams only; a first validation or a plain save tells
// nobody; notifications past their retention are swept. « Mes saisies » lists what the caller filed, of
// every type, newest first, and records its read on the access log. Runs on PGlite and, with
// DATABASE_URL, on PostgreSQL (where the event goes out in the decision's own statement).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIRST_APPROVAL,
  NOTIFICATION_RETENTION_DAYS,
  ROLES,
  entityByName,
  type NotificationList,
  type WorkFiledRow,
} from '@bank/domain';
import { insertUser } from '../src/modules/account/users';
import { sweepNotifications } from '../src/modules/notifications/routes';
import { hashPassword } from '../src/security/passwords';
import { bearer, openEventStream, startTestApp, type TestApp } from './helper';
import { FILER, fileable } from './ledger-fixtures';

const THRESHOLD = 1_000_000;
let t: TestApp;
let base: string;
const headers = new Map<string, Record<string, string>>();
const as = (login: string) => headers.get(login)!;
type Row = Record<string, unknown> & { id: number; version: number };

beforeAll(async () => {
  t = await startTestApp({ config: { fourEyesThresholdXof: THRESHOLD } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  await insertUser(t.db, {
    login: 'bellcustomer',
    passwordHash: await hashPassword('bellcustomer'),
    activated: true,
    authorities: [ROLES.USER],
  });
  for (const login of ['manager', 'responsabledesk', 'reclamations', 'bellcustomer', FILER])
    headers.set(login, bearer(await t.tokenFor(login)));
});
afterAll(() => t.close());

async function file(name: string, body: Record<string, unknown> = {}, login = FILER): Promise<Row> {
  const response = await t.app.inject({
    method: 'POST',
    url: entityByName(name).path,
    headers: as(login),
    payload: await fileable(t.db, name, body),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function decide(name: string, row: Row, login: string, changes: Record<string, unknown>): Promise<Row> {
  const response = await t.app.inject({
    method: 'PUT',
    url: `${entityByName(name).path}/${row.id}`,
    headers: as(login),
    payload: { id: row.id, version: row.version, ...changes },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function notifications(login: string): Promise<NotificationList> {
  const response = await t.app.inject({ url: '/api/account/notifications', headers: as(login) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}
const about = (list: NotificationList, entity: string, id: number) =>
  list.items.filter((n) => n.entity === entity && n.requestId === id);

describe('notifications of a decision', () => {
  it('tells the maker of a rejected request, and nobody else', async () => {
    const card = await file('cardOrder', { orderStatus: 'PENDING' });
    const before = (await notifications(FILER)).unread;
    await decide('cardOrder', card, 'manager', { orderStatus: 'REJECTED', comment: 'Pièce manquante' });
    const mine = await notifications(FILER);
    expect(about(mine, 'cardOrder', card.id)).toEqual([
      {
        id: expect.any(Number),
        entity: 'cardOrder',
        requestId: card.id,
        status: 'REJECTED',
        reason: 'filed',
        decidedBy: 'manager',
        createdAt: expect.any(String),
        read: false,
      },
    ]);
    expect(mine.unread).toBe(before + 1);
    for (const other of ['manager', 'responsabledesk', 'reclamations'])
      expect(about(await notifications(other), 'cardOrder', card.id)).toEqual([]);
  });

  it('tells nobody of a save that leaves the request waiting', async () => {
    const card = await file('cardOrder', { orderStatus: 'PENDING' });
    await decide('cardOrder', card, 'manager', { comment: 'Vu, en cours' });
    expect(about(await notifications(FILER), 'cardOrder', card.id)).toEqual([]);
  });

  it('tells the maker and the first validator once the second validation completes a large transfer', async () => {
    const transfer = await file('transfer', { amount: String(2 * THRESHOLD), demandStatus: 'PENDING' });
    const first = await decide('transfer', transfer, 'responsabledesk', { demandStatus: 'VALIDATED', comment: '1/2' });
    expect(first.demandStatus).toBe('PENDING');
    // A first validation decides nothing yet.
    expect(about(await notifications(FILER), 'transfer', transfer.id)).toEqual([]);
    expect(about(await notifications('responsabledesk'), 'transfer', transfer.id)).toEqual([]);

    await decide('transfer', first, 'manager', { demandStatus: 'VALIDATED', comment: '2/2' });
    expect(about(await notifications(FILER), 'transfer', transfer.id)).toMatchObject([
      { status: 'VALIDATED', reason: 'filed', decidedBy: 'manager' },
    ]);
    expect(about(await notifications('responsabledesk'), 'transfer', transfer.id)).toMatchObject([
      { status: 'VALIDATED', reason: 'approved', decidedBy: 'manager' },
    ]);
    expect(about(await notifications('manager'), 'transfer', transfer.id)).toEqual([]);
  });

  it('tells the first validator when the request is then refused', async () => {
    const transfer = await file('transfer', { amount: String(3 * THRESHOLD), demandStatus: 'PENDING' });
    const first = await decide('transfer', transfer, 'manager', { demandStatus: 'VALIDATED', comment: '1/2' });
    await decide('transfer', first, 'responsabledesk', {
      demandStatus: 'CANCELLED',
      comment: 'Annulé à la demande du client',
    });
    expect(about(await notifications('manager'), 'transfer', transfer.id)).toMatchObject([
      { status: 'CANCELLED', reason: 'approved', decidedBy: 'responsabledesk' },
    ]);
    expect(about(await notifications(FILER), 'transfer', transfer.id)).toMatchObject([
      { status: 'CANCELLED', reason: 'filed' },
    ]);
  });

  it("reaches the told login's event stream, not another's", async () => {
    const maker = await openEventStream(`${base}/core/api/events`, as(FILER));
    const other = await openEventStream(`${base}/core/api/events`, as('reclamations'));
    try {
      await maker.next((e) => e.event === 'pending');
      await other.next((e) => e.event === 'pending');
      const card = await file('cardOrder', { orderStatus: 'PENDING' });
      await decide('cardOrder', card, 'manager', { orderStatus: 'VALIDATED', comment: 'Carte commandée' });
      await maker.next((e) => e.event === 'notified');
      // The same decision's `saved` reached every reader, the other clerk included: by then a `notified`
      // meant for them would have come too (one statement, or one publication after the other).
      await other.next((e) => e.event === 'saved' && e.data.id === card.id);
      expect(other.received.some((e) => e.event === 'notified')).toBe(false);
    } finally {
      maker.close();
      other.close();
    }
  });
});

describe('api/account/notifications', () => {
  let id: number;

  beforeAll(async () => {
    const card = await file('checkbookOrder', { demandStatus: 'PENDING' });
    await decide('checkbookOrder', card, 'manager', { demandStatus: 'DONE', comment: 'Chéquier remis' });
    id = about(await notifications(FILER), 'checkbookOrder', card.id)[0]!.id;
  });

  it('lets only the notified login mark its notification read', async () => {
    const mark = (login: string, which: number | string) =>
      t.app.inject({ method: 'PUT', url: `/api/account/notifications/${which}/read`, headers: as(login) });
    expect((await mark('manager', id)).statusCode).toBe(404);
    expect((await notifications(FILER)).items.find((n) => n.id === id)!.read).toBe(false);
    const unread = (await notifications(FILER)).unread;
    expect((await mark(FILER, id)).statusCode).toBe(204);
    const after = await notifications(FILER);
    expect(after.items.find((n) => n.id === id)!.read).toBe(true);
    expect(after.unread).toBe(unread - 1);
    // Marking it again changes nothing; bad input changes nothing and says why.
    expect((await mark(FILER, id)).statusCode).toBe(204);
    expect((await mark(FILER, 'abc')).statusCode).toBe(400);
    expect((await mark(FILER, 0)).statusCode).toBe(400);
    expect((await notifications(FILER)).unread).toBe(unread - 1);
  });

  it('marks all of one login read, and only its own', async () => {
    const deskBefore = await notifications('responsabledesk');
    expect(deskBefore.unread).toBeGreaterThan(0);
    const response = await t.app.inject({ method: 'PUT', url: '/api/account/notifications/read', headers: as(FILER) });
    expect(response.statusCode).toBe(204);
    const mine = await notifications(FILER);
    expect(mine.unread).toBe(0);
    expect(mine.items.every((n) => n.read)).toBe(true);
    expect((await notifications('responsabledesk')).unread).toBe(deskBefore.unread);
  });

  it('refuses anonymous callers and signed-in users without a staff role', async () => {
    expect((await t.app.inject({ url: '/api/account/notifications' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/account/notifications', headers: as('bellcustomer') })).statusCode).toBe(
      403,
    );
  });

  it(`sweeps notifications older than ${NOTIFICATION_RETENTION_DAYS} days`, async () => {
    await t.db.query(`update staff_notification set created_at = now() - ($1 + 1) * interval '1 day' where id = $2`, [
      NOTIFICATION_RETENTION_DAYS,
      id,
    ]);
    expect(await sweepNotifications(t.db)).toBeGreaterThanOrEqual(1);
    expect((await notifications(FILER)).items.some((n) => n.id === id)).toBe(false);
    expect(await sweepNotifications(t.db)).toBe(0);
  });
});

describe('core/api/work/filed (« Mes saisies »)', () => {
  const filed = async (login: string, query = '') => {
    const response = await t.app.inject({ url: `/core/api/work/filed?${query}`, headers: as(login) });
    expect(response.statusCode, response.body).toBe(200);
    return { rows: response.json<WorkFiledRow[]>(), total: Number(response.headers['x-total-count']) };
  };

  it("lists the caller's filed requests of every type, newest first, and no one else's", async () => {
    const checkbook = await file('checkbookOrder', { demandStatus: 'PENDING' });
    const transfer = await file('transfer', { amount: String(2 * THRESHOLD), demandStatus: 'PENDING' });
    await decide('transfer', transfer, 'manager', { demandStatus: 'VALIDATED', comment: '1/2' });
    const theirs = await file('cardOrder', { orderStatus: 'PENDING' }, 'reclamations');

    const { rows, total } = await filed(FILER, 'size=100');
    expect(total).toBe(rows.length);
    expect(new Set(rows.map((r) => r.entity)).size).toBeGreaterThanOrEqual(3);
    expect(rows.some((r) => r.entity === 'cardOrder' && r.id === theirs.id)).toBe(false);
    expect(rows.find((r) => r.entity === 'checkbookOrder' && r.id === checkbook.id)).toMatchObject({
      status: 'PENDING',
      createdAt: expect.any(String),
    });
    // A first four-eyes validation given shows as such; the amount travels in whole XOF.
    expect(rows.find((r) => r.entity === 'transfer' && r.id === transfer.id)).toMatchObject({
      status: FIRST_APPROVAL,
      amount: String(2 * THRESHOLD),
    });
    const times = rows.map((r) => Date.parse(r.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await filed('reclamations')).rows.map((r) => [r.entity, r.id])).toContainEqual(['cardOrder', theirs.id]);

    // Paged like every list: a page of two, the same rows as the head of the whole list.
    const page = await filed(FILER, 'size=2&page=0');
    expect(page.rows.map((r) => [r.entity, r.id])).toEqual(rows.slice(0, 2).map((r) => [r.entity, r.id]));
    expect(page.total).toBe(total);
  });

  it('records its read on the access log', async () => {
    const count = async () =>
      (await t.db.query(`select 1 from access_log where login = $1 and what = 'work/filed'`, [FILER])).length;
    const before = await count();
    await filed(FILER);
    expect(await count()).toBe(before + 1);
  });

  it('refuses a bad page, an unknown parameter and a caller without a staff role', async () => {
    for (const query of ['size=0', 'page=-1', 'size=abc', 'sort=id,asc'])
      expect((await t.app.inject({ url: `/core/api/work/filed?${query}`, headers: as(FILER) })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/core/api/work/filed', headers: as('bellcustomer') })).statusCode).toBe(403);
  });
});
