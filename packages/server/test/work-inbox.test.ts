// The checker inbox and bulk decisions (issue 38): the inbox lists what awaits the viewer's decision across
// types, second validations included, never what the viewer filed or first-approved, filtered by type,
// maker, amount and age, its total matching the menu's count; a bulk decision decides each request through
// the one-by-one path, refusing some (maker-checker, version, four eyes) while the others are done, one
// history row each.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BULK_DECISION_MAX,
  decodeHistoryComment,
  entityByName,
  workflowOf,
  type BulkOutcome,
  type WorkInboxRow,
} from '@bank/domain';
import { bearer, startTestApp, type TestApp } from './helper';
import { FILER, fileable } from './ledger-fixtures';

const THRESHOLD = 1_000_000;
let t: TestApp;
const headers = new Map<string, Record<string, string>>();
const as = (login: string) => headers.get(login)!;
type Row = Record<string, unknown> & { id: number; version: number };

beforeAll(async () => {
  t = await startTestApp({ config: { fourEyesThresholdXof: THRESHOLD } });
  for (const login of ['manager', 'responsabledesk', 'agentca', FILER])
    headers.set(login, bearer(await t.tokenFor(login)));
});
afterAll(() => t.close());

async function file(name: string, body: Record<string, unknown> = {}): Promise<Row> {
  const entity = entityByName(name);
  const response = await t.app.inject({
    method: 'POST',
    url: entity.path,
    headers: as(FILER),
    payload: await fileable(t.db, name, body),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const inbox = async (login: string, query = '') => {
  const response = await t.app.inject({ url: `/core/api/work/inbox?${query}`, headers: as(login) });
  expect(response.statusCode, response.body).toBe(200);
  return { rows: response.json<WorkInboxRow[]>(), total: Number(response.headers['x-total-count']) };
};
const has = (rows: WorkInboxRow[], entity: string, id: number) => rows.some((r) => r.entity === entity && r.id === id);

const bulk = (login: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/core/api/work/decisions', headers: as(login), payload });

const history = async (name: string, id: number) => {
  const log = entityByName(workflowOf(name)!.log.entity);
  const response = await t.app.inject({ method: 'POST', url: `${log.path}/story/${id}`, headers: as('manager') });
  return response.json<Array<{ comment: string }>>().map((entry) => decodeHistoryComment(entry.comment));
};

describe('the checker inbox', () => {
  let card: Row;
  let ownCard: Row;
  let oldCard: Row;
  let halfDone: Row;
  let firstByManager: Row;

  beforeAll(async () => {
    card = await file('cardOrder', { orderStatus: 'PENDING' });
    ownCard = await file('cardOrder', { orderStatus: 'PENDING' });
    await t.db.query(`update card_order set filed_by = 'manager' where id = $1`, [ownCard.id]);
    oldCard = await file('cardOrder', { orderStatus: 'PENDING' });
    await t.db.query(`update card_order set created_at = now() - interval '3 days' where id = $1`, [oldCard.id]);
    // Large transfers: one first-validated by the head of the desk, one by the manager.
    halfDone = await file('transfer', { amount: String(2 * THRESHOLD), demandStatus: 'PENDING' });
    firstByManager = await file('transfer', { amount: String(3 * THRESHOLD), demandStatus: 'PENDING' });
    for (const [row, login] of [
      [halfDone, 'responsabledesk'],
      [firstByManager, 'manager'],
    ] as const) {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/core/api/transfers/${row.id}`,
        headers: as(login),
        payload: { id: row.id, version: row.version, demandStatus: 'VALIDATED', comment: 'Première validation' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().demandStatus).toBe('PENDING');
    }
  });

  it('lists what awaits my decision, second validations included, not what I filed or first-approved', async () => {
    const { rows, total } = await inbox('manager', 'size=100');
    expect(total).toBe(rows.length);
    expect(has(rows, 'cardOrder', card.id)).toBe(true);
    expect(has(rows, 'cardOrder', ownCard.id)).toBe(false);
    expect(has(rows, 'transfer', firstByManager.id)).toBe(false);
    const second = rows.find((r) => r.entity === 'transfer' && r.id === halfDone.id);
    expect(second).toMatchObject({
      secondValidation: true,
      maker: FILER,
      amount: String(2 * THRESHOLD),
      status: 'PENDING',
    });
    // Oldest first.
    expect(rows[0]).toMatchObject({ entity: 'cardOrder', id: oldCard.id });
    // The head of the desk gave the first validation: not theirs to give the second.
    const desk = await inbox('responsabledesk', 'size=100');
    expect(has(desk.rows, 'transfer', halfDone.id)).toBe(false);
    expect(has(desk.rows, 'transfer', firstByManager.id)).toBe(true);
  });

  it('filters by type, maker, amount, age and second validation', async () => {
    const transfers = await inbox('manager', 'type=transfer&size=100');
    expect(transfers.rows.length).toBeGreaterThan(0);
    expect(transfers.rows.every((r) => r.entity === 'transfer')).toBe(true);
    expect((await inbox('manager', 'maker=nobody')).rows).toEqual([]);
    expect((await inbox('manager', `maker=${FILER}&size=100`)).rows.every((r) => r.maker === FILER)).toBe(true);
    const large = await inbox('manager', `minAmount=${THRESHOLD}&size=100`);
    expect(large.rows.map((r) => r.id)).toEqual([halfDone.id]);
    expect(
      (await inbox('manager', `maxAmount=${THRESHOLD - 1}&size=100`)).rows.every((r) => r.entity === 'transfer'),
    ).toBe(true);
    const old = await inbox('manager', 'olderThanHours=24&size=100');
    expect(old.rows.map((r) => [r.entity, r.id])).toEqual([['cardOrder', oldCard.id]]);
    const seconds = await inbox('manager', 'second=true');
    expect(seconds.rows.map((r) => r.id)).toEqual([halfDone.id]);
  });

  it('pages with a total, and the menu counts the same', async () => {
    const all = await inbox('manager', 'size=100');
    const first = await inbox('manager', 'size=2&page=0');
    const next = await inbox('manager', 'size=2&page=1');
    expect(first.total).toBe(all.total);
    expect([...first.rows, ...next.rows]).toEqual(all.rows.slice(0, 4));
    const counts = await t.app.inject({ url: '/core/api/work/counts', headers: as('manager') });
    expect(counts.json()).toMatchObject({
      inbox: { total: all.total, exact: true, secondValidation: 1 },
      pending: { cards: expect.any(Number), transfers: expect.any(Number) },
    });
  });

  it('refuses a type the viewer does not decide and bad filters, with a 400', async () => {
    for (const query of ['type=provisionCash', 'minAmount=-1', 'olderThanHours=soon', 'second=maybe']) {
      const response = await t.app.inject({ url: `/core/api/work/inbox?${query}`, headers: as('manager') });
      expect(response.statusCode, query).toBe(400);
    }
    expect((await inbox('agentca', 'type=provisionCash')).rows.every((r) => r.entity === 'provisionCash')).toBe(true);
  });
});

describe('bulk decisions', () => {
  it('decides each request on its own: maker-checker and version refuse two, the others are done', async () => {
    const rows = await Promise.all([1, 2, 3, 4].map(() => file('cardOrder', { orderStatus: 'PENDING' })));
    const [mine, stale, ...fine] = rows as [Row, Row, Row, Row];
    await t.db.query(`update card_order set filed_by = 'manager' where id = $1`, [mine.id]);
    const response = await bulk('manager', {
      decision: 'reject',
      observation: 'Pièces manquantes',
      items: rows.map((row) => ({
        entity: 'cardOrder',
        id: row.id,
        version: row === stale ? row.version + 1 : row.version,
      })),
    });
    expect(response.statusCode, response.body).toBe(200);
    const outcomes = response.json<BulkOutcome[]>();
    const of = (row: Row) => outcomes.find((o) => o.id === row.id)!;
    expect(of(mine)).toMatchObject({ done: false, refusal: { status: 403, message: 'error.makerChecker' } });
    expect(of(stale)).toMatchObject({ done: false, refusal: { status: 409, message: 'error.concurrencyFailure' } });
    for (const row of fine) {
      expect(of(row)).toMatchObject({ done: true, status: 'REJECTED', version: row.version + 1 });
      const story = await history('cardOrder', row.id);
      expect(story).toEqual([{ observation: 'Pièces manquantes', status: 'REJECTED', author: 'manager' }]);
    }
    for (const row of [mine, stale]) expect(await history('cardOrder', row.id)).toEqual([]);
  });

  it('keeps four eyes: a first validation waits, the same login cannot give the second', async () => {
    const big = await file('transfer', { amount: String(THRESHOLD), demandStatus: 'PENDING' });
    const first = await bulk('manager', {
      decision: 'validate',
      observation: 'Vu',
      items: [{ entity: 'transfer', id: big.id, version: big.version }],
    });
    const [given] = first.json<BulkOutcome[]>();
    expect(given).toMatchObject({ done: true, status: 'PENDING' });
    const again = await bulk('manager', {
      decision: 'validate',
      observation: 'Vu',
      items: [{ entity: 'transfer', id: big.id, version: given!.version }],
    });
    expect(again.json<BulkOutcome[]>()[0]).toMatchObject({ done: false, refusal: { message: 'error.sameApprover' } });
    const second = await bulk('responsabledesk', {
      decision: 'validate',
      observation: 'Vu aussi',
      items: [{ entity: 'transfer', id: big.id, version: given!.version }],
    });
    expect(second.json<BulkOutcome[]>()[0]).toMatchObject({ done: true, status: 'VALIDATED' });
    expect((await history('transfer', big.id)).map((h) => h.author)).toEqual(['responsabledesk', 'manager']);
  });

  it('refuses a type the role may not decide, per request', async () => {
    const provision = await file('provisionCash', { demandStatus: 'PENDING' });
    const response = await bulk('manager', {
      decision: 'reject',
      observation: 'Non',
      items: [{ entity: 'provisionCash', id: provision.id, version: provision.version }],
    });
    expect(response.json<BulkOutcome[]>()[0]).toMatchObject({ done: false, refusal: { status: 403 } });
  });

  it('answers 400 and changes nothing for a bad body or more than the cap', async () => {
    const row = await file('cardOrder', { orderStatus: 'PENDING' });
    const item = { entity: 'cardOrder', id: row.id, version: row.version };
    for (const payload of [
      { decision: 'maybe', observation: 'x', items: [item] },
      { decision: 'reject', observation: 'x', items: [] },
      { decision: 'reject', observation: 'x', items: [{ ...item, entity: 'client' }] },
      { decision: 'reject', observation: 'x', items: Array.from({ length: BULK_DECISION_MAX + 1 }, () => item) },
    ]) {
      expect((await bulk('manager', payload)).statusCode).toBe(400);
    }
    const after = await t.app.inject({ url: `/core/api/card-orders/${row.id}`, headers: as('manager') });
    expect(after.json()).toMatchObject({ orderStatus: 'PENDING', version: row.version });
  });
});
