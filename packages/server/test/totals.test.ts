// What X-Total-Count means (README, "Lists and totals"): exact from the maintained row counters for a
// whole table and for a staff queue's statuses, exact for any filter matching up to 1,000 rows, and a
// lower bound flagged by X-Total-Count-Exact: false beyond.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP } from '../src/engine/totals';
import { bearer, startTestApp, type TestApp } from './helper';

let t: TestApp;
let headers: Record<string, string>;

const list = async (url: string, query: Record<string, string> = {}) => {
  const response = await t.app.inject({ url, query, headers });
  expect(response.statusCode, response.body).toBe(200);
  return {
    total: Number(response.headers['x-total-count']),
    exact: response.headers['x-total-count-exact'] !== 'false',
    link: String(response.headers.link),
    rows: response.json<Array<{ id: number }>>(),
  };
};

/** The row count as the database itself sees it. */
const counted = async (sql: string) => (await t.db.query<{ n: number }>(`select count(*)::int as n ${sql}`))[0]!.n;

beforeAll(async () => {
  t = await startTestApp();
  headers = bearer(await t.tokenFor('admin'));
  // 1,600 card orders across three statuses, written in several statements (several counter rows).
  for (const [status, count] of [
    ['PENDING', 700],
    ['VALIDATED', 600],
    ['REJECTED', 300],
  ] as const) {
    await t.db.query(
      `insert into card_order (order_status, holder_name, created_at)
       select $1, 'HOLDER ' || i, now() - i * interval '1 minute' from generate_series(1, $2::int) i`,
      [status, count],
    );
  }
  await t.db.query(
    `insert into sms (body, destination, "from") select 'Message ' || i, '+22177' || i, 'BANQUE'
       from generate_series(1, 1500) i`,
  );
}, 60_000);

afterAll(() => t?.close());

describe('list totals', () => {
  it('gives the exact row count of a whole table from the counters, also after deletes', async () => {
    expect(await list('/core/api/sms', { size: '5' })).toMatchObject({ total: 1500, exact: true });
    await t.db.query('delete from sms where id in (select id from sms order by id limit 7)');
    const page = await list('/core/api/sms', { size: '5', page: '3' });
    expect(page).toMatchObject({ total: 1493, exact: true });
    expect(page.total).toBe(await counted('from sms'));
    expect(page.link).toContain('rel="last"');
  });

  it('gives exact staff queue totals per status, and follows a decision', async () => {
    expect(await list('/core/api/card-orders', { 'orderStatus.in': 'PENDING', size: '1' })).toMatchObject({
      total: 700,
      exact: true,
    });
    expect(await list('/core/api/card-orders', { 'orderStatus.in': 'PENDING,REJECTED', size: '1' })).toMatchObject({
      total: 1000,
      exact: true,
    });
    await t.db.query(
      `update card_order set order_status = 'VALIDATED' where id in
         (select id from card_order where order_status = 'PENDING' order by id limit 5)`,
    );
    expect(await list('/core/api/card-orders', { 'orderStatus.equals': 'PENDING', size: '1' })).toMatchObject({
      total: 695,
      exact: true,
    });
    expect(await list('/core/api/card-orders', { 'orderStatus.equals': 'VALIDATED' })).toMatchObject({
      total: 605,
    });
    expect((await list('/core/api/card-orders')).total).toBe(await counted('from card_order'));
  });

  it('counts a selective filter exactly', async () => {
    const page = await list('/core/api/card-orders', { 'holderName.contains': 'HOLDER 12', size: '5' });
    const expected = await counted(`from card_order where holder_name like 'HOLDER 12%'`);
    expect(expected).toBeGreaterThan(5);
    expect(page).toMatchObject({ total: expected, exact: true });
  });

  it('reports a lower bound for a broad filter: the cap, or the end of the page asked for', async () => {
    const broad = { 'holderName.contains': 'HOLDER', size: '20' };
    const first = await list('/core/api/card-orders', broad);
    expect(first).toMatchObject({ total: COUNT_CAP, exact: false });
    expect(first.link).toContain('rel="next"');
    expect(first.link).not.toContain('rel="last"');

    const deep = await list('/core/api/card-orders', { ...broad, page: '60' });
    expect(deep).toMatchObject({ total: 61 * 20, exact: false });
    expect(deep.rows).toHaveLength(20);
  });

  it('finds the total of a last page from the page itself', async () => {
    const page = await list('/core/api/card-orders', { 'holderName.contains': 'HOLDER', size: '1000', page: '1' });
    expect(page).toMatchObject({ total: 1600, exact: true });
    expect(page.rows).toHaveLength(600);
  });

  it('reads a ranked search up to the cap: exact below it, a lower bound at it, best matches first', async () => {
    const search = await list('/core/api/_search/card-orders', { query: 'holder', size: '20' });
    expect(search).toMatchObject({ total: 1000, exact: false });
    expect(search.rows).toHaveLength(20);
    expect(Object.keys(search.rows[0]!)).not.toContain('__matches');
    expect(search.rows.every((row) => String((row as { holderName?: string }).holderName).startsWith('HOLDER'))).toBe(
      true,
    );
    // Deeper pages say the same; past the end, the capped count answers, exact under its cap.
    expect(await list('/core/api/_search/card-orders', { query: 'holder', size: '20', page: '3' })).toMatchObject({
      total: 1000,
      exact: false,
    });
    expect(await list('/core/api/_search/card-orders', { query: 'holder', size: '20', page: '100' })).toMatchObject({
      total: 1600,
      exact: true,
      rows: [],
    });
    const narrow = await list('/core/api/_search/card-orders', { query: 'holder 12', size: '5' });
    expect(narrow).toMatchObject({ total: await counted(`from card_order where holder_name like 'HOLDER 12%'`) });
    expect(narrow.exact).toBe(true);
    // The row a number names comes first, then the texts holding it, by id.
    const byNumber = await list('/core/api/_search/card-orders', { query: '12', size: '50' });
    const [first, ...others] = byNumber.rows.map((row) => row.id);
    expect(first).toBe(12);
    expect(others.length).toBeGreaterThan(0);
    expect(others).toEqual([...others].sort((a, b) => a - b));
  });

  it('keeps the counters right when their rows are folded', async () => {
    await t.db.query(`select row_count_compact('card_order')`);
    const [parts] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from row_count where table_name = 'card_order'`,
    );
    expect(parts!.n).toBe(3);
    expect((await list('/core/api/card-orders')).total).toBe(1600);
  });
});
