// List exports (issue 38, point 5): `GET <list>/export` is the list's filter, order and permission as an
// xlsx file, read back here with a real xlsx reader; refused past EXPORT_MAX_ROWS; one access-log record each.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LOGGED_IDS } from '../src/modules/audit/access-log';
import { bearer, startTestApp, type TestApp } from './helper';

let t: TestApp;
let manager: Record<string, string>;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp({ seed: 'demo' });
  manager = bearer(await t.tokenFor('manager'));
  admin = bearer(await t.tokenFor('admin'));
});
afterAll(() => t.close());

/** The list's total for a query (X-Total-Count, exact). */
async function listTotal(url: string, headers = manager): Promise<number> {
  const response = await t.app.inject({ url, headers });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['x-total-count-exact']).toBeUndefined();
  return Number(response.headers['x-total-count']);
}

/** The export's first sheet as rows of cell values, the header row first. */
async function exported(url: string, headers = manager) {
  const response = await t.app.inject({ url, headers });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { response, sheet, header: rows[0] as string[], rows: rows.slice(1) };
}

const accessLog = async (query: string) => {
  const response = await t.app.inject({ url: `/management/access-log?${query}`, headers: admin });
  return { total: Number(response.headers['x-total-count']), rows: response.json<Array<Record<string, unknown>>>() };
};

describe('an export is the list as its filter selects it', () => {
  it('holds as many rows as the filter’s total, in French, with numbers and dates', async () => {
    const total = await listTotal('/core/api/criterial_search/transfers?status=PENDING&size=1');
    expect(total).toBeGreaterThan(0);
    const { response, header, rows } = await exported('/core/api/criterial_search/transfers/export?status=PENDING');
    expect(rows).toHaveLength(total);
    expect(response.headers['x-total-count']).toBe(String(total));
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="Virements-\d{4}-\d{2}-\d{2}\.xlsx"; filename\*=UTF-8''Virements-\d{4}-\d{2}-\d{2}\.xlsx$/,
    );
    const column = (label: string) => {
      const at = header.indexOf(label);
      expect(at, `${label} in ${header.join(', ')}`).toBeGreaterThanOrEqual(0);
      return rows.map((row) => row[at]);
    };
    expect(new Set(column('Statut de la demande'))).toEqual(new Set(['En attente']));
    for (const amount of column('Montant')) expect(typeof amount).toBe('number');
    for (const created of column('Créé le')) expect(created).toBeInstanceOf(Date);
    expect(column('Client - Nom').every((name) => typeof name === 'string' && name.length > 0)).toBe(true);
  });

  it('follows a text filter and a generic criterion the same way', async () => {
    for (const [list, query] of [
      ['/core/api/_search/clients/filtre', 'name=diop'],
      ['/core/api/card-orders', 'orderStatus.in=PENDING,VALIDATED&sort=createdAt,desc'],
      ['/core/api/_search/beneficiaries', 'query=a'],
    ] as const) {
      const total = await listTotal(`${list}?${query}&size=1`);
      const { rows } = await exported(`${list}/export?${query}`);
      expect(rows.length, list).toBe(total);
    }
  });

  it('keeps the list’s order', async () => {
    const page = await t.app.inject({ url: '/core/api/clients?sort=name,desc&size=5', headers: manager });
    const { rows } = await exported('/core/api/clients/export?sort=name,desc');
    expect(rows.slice(0, 5).map((row) => row[0])).toEqual(page.json<Array<{ id: number }>>().map((row) => row.id));
  });

  it('refuses a bad filter as the list does, and a caller the list refuses', async () => {
    const bad = await t.app.inject({
      url: '/core/api/criterial_search/transfers/export?startdate=hier',
      headers: manager,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'error.validation' });
    expect((await t.app.inject({ url: '/core/api/clients/export' })).statusCode).toBe(401);
    // Failed sign-ins are the administrators' alone: their list and its export.
    const trainee = bearer(await t.tokenFor('stagiaire'));
    expect((await t.app.inject({ url: '/api/user-attempts', headers: trainee })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/user-attempts/export', headers: trainee })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/user-attempts/export', headers: admin })).statusCode).toBe(200);
  });

  it('is on the access log once, with its count and its query', async () => {
    const agentca = bearer(await t.tokenFor('agentca'));
    const total = await listTotal('/core/api/transfers?size=1', agentca);
    const before = (await accessLog('login=agentca')).total;
    const { rows } = await exported('/core/api/transfers/export?sort=id,asc', agentca);
    expect(rows).toHaveLength(total);
    const after = await accessLog('login=agentca&size=1&sort=id,desc');
    expect(after.total).toBe(before + 1);
    expect(after.rows[0]).toMatchObject({
      what: 'transfers/export',
      subject: 'transfer',
      rowCount: total,
      query: 'sort=id,asc',
      subjectIds: total <= MAX_LOGGED_IDS ? rows.map((row) => row[0]) : null,
    });
    // A narrow export names its rows (and so their clients).
    const one = rows[0]![0] as number;
    await exported(`/core/api/transfers/export?id.equals=${one}`, agentca);
    const narrow = await accessLog('login=agentca&size=1&sort=id,desc');
    expect(narrow.rows[0]).toMatchObject({ rowCount: 1, subjectIds: [one], query: `id.equals=${one}` });
    expect(narrow.rows[0]!.clientIds).toHaveLength(1);
  });
});

describe('the cap (EXPORT_MAX_ROWS)', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await startTestApp({ seed: 'demo', config: { exportMaxRows: 5 } });
  });
  afterAll(() => small.close());

  it('refuses a filter matching more rows, before any byte of a file and without a record', async () => {
    const headers = bearer(await small.tokenFor('manager'));
    const log = async () =>
      Number(
        (
          await small.app.inject({
            url: '/management/access-log?login=manager',
            headers: bearer(await small.tokenFor('admin')),
          })
        ).headers['x-total-count'],
      );
    const before = await log();
    const refused = await small.app.inject({ url: '/core/api/clients/export', headers });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.json()).toMatchObject({ message: 'error.exportTooLarge', figures: { max: '5' } });
    expect(await log()).toBe(before);
    // Exactly the cap is a file.
    const first = await small.app.inject({ url: '/core/api/clients?sort=id,asc&size=5', headers });
    const ids = first.json<Array<{ id: number }>>().map((row) => row.id);
    const five = await small.app.inject({ url: `/core/api/clients/export?id.in=${ids.join(',')}`, headers });
    expect(five.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(five.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.rowCount).toBe(6);
  });
});
