// Every read of client data is on record (issue 37), walked from the route registry: each API route the
// server registered is either a read of client data carrying the access log's hooks or listed with the
// reason it shows none; each read, called as a role allowed to, leaves exactly one row naming what it read
// and, for a list, its rows' ids. A new route answering client data without its record fails here.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, ENTITIES, clientPathOf, hasAnyAuthority } from '@bank/domain';
import { MAX_LOGGED_IDS, notClientData } from '../src/modules/audit/access-log';
import { quote } from '../src/db/schema';
import { bearer, startTestApp, type TestApp } from './helper';

let t: TestApp;
let admin: Record<string, string>;
const sample: Record<string, number> = {};

interface Entry {
  login: string;
  what: string;
  subject: string;
  subjectId: number | null;
  subjectIds: number[] | null;
  rowCount: number | null;
  query: string | null;
  clientId: number | null;
  clientIds: number[] | null;
}

beforeAll(async () => {
  t = await startTestApp({ seed: 'demo' });
  admin = bearer(await t.tokenFor('admin'));
  const [row] = await t.db.query<{ client: number; account: number; user: number }>(
    `select a.client_id as client, a.id as account, min(u.id) as user
       from bank_account a join serenity_user u on u.client_id = a.client_id
      group by a.id order by a.id limit 1`,
  );
  Object.assign(sample, row);
});
afterAll(() => t.close());

const log = async (query: string) => {
  const response = await t.app.inject({ url: `/management/access-log?${query}`, headers: admin });
  expect(response.statusCode, response.body).toBe(200);
  return { rows: response.json<Entry[]>(), total: Number(response.headers['x-total-count']) };
};

/** The entity a route is under (the longest entity path it starts with). */
const entityUnder = (url: string) =>
  ENTITIES.filter((e) => url === e.path || url.startsWith(`${e.path}/`)).sort(
    (a, b) => b.path.length - a.path.length,
  )[0];

/** A route's URL with its parameters filled by rows that exist; undefined for a parameter not known here. */
async function concrete(url: string): Promise<string | undefined> {
  let missing = false;
  const entity = entityUnder(url);
  const [first] = entity ? await t.db.query<{ id: number }>(`select min(id) as id from ${quote(entity.table)}`) : [];
  const filled = url.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    if (name === 'id' && first?.id) return String(first.id);
    if (name === 'clientId') return String(sample.client);
    if (name === 'serenityUserId') return String(sample.user);
    if (name === 'status') return 'PENDING';
    missing = true;
    return '';
  });
  return missing ? undefined : filled;
}

/** An export's rows as `{ id }` (its first column), read back from the file. */
async function sheetRows(file: Buffer): Promise<Array<{ id: number }>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ArrayBuffer);
  const ids: Array<{ id: number }> = [];
  workbook.worksheets[0]!.eachRow((row, n) => {
    if (n > 1) ids.push({ id: Number(row.getCell(1).value) });
  });
  return ids;
}

/** The query a read needs to answer rows (its required parameters). */
const QUERIES: Record<string, () => string> = {
  'GET /core/api/_search/clients/quick': () => 'query=diop',
  'GET /core/api/transactions/_search/modal': () => `bankaccount=${sample.account}`,
  'GET /core/api/transactions/_search/bankaccount': () => `bankaccount=${sample.account}`,
};

describe('the access log covers every read of client data', () => {
  it('knows every API route: a read of client data on record, or listed as showing none', async () => {
    await t.app.ready();
    const reads = t.app.accessLogReads;
    const unknown = t.app.accessRules
      .filter((rule) => rule.method === 'GET' && /^\/(core\/)?api\//.test(rule.url))
      .map((rule) => `${rule.method} ${rule.url}`)
      .filter((key) => !reads.has(key) && !notClientData(key))
      // Entities of no client (reference data, staff and security records): found from the registry.
      .filter((key) => {
        const entity = entityUnder(key.slice(4).replace('/_search/', '/'));
        return !entity || clientPathOf(entity.name) !== undefined;
      });
    expect(unknown).toEqual([]);
    // The domain's side: every entity whose rows are a client's has its list, search and detail on record.
    for (const entity of ENTITIES.filter((e) => clientPathOf(e.name) !== undefined)) {
      for (const key of [
        `GET ${entity.path}`,
        `GET /${entity.apiBase}/_search/${entity.resource}`,
        `GET ${entity.path}/:id`,
      ]) {
        expect(reads.has(key), key).toBe(true);
      }
    }
  });

  it('writes one row per read, naming the record read or the rows answered', async () => {
    const rules = new Map(t.app.accessRules.map((rule) => [`${rule.method} ${rule.url}`, rule]));
    const calls = [...t.app.accessLogReads].filter(([key]) => rules.has(key));
    expect(calls.length).toBeGreaterThan(100);
    const failures: string[] = [];
    for (const [key, read] of calls) {
      const rule = rules.get(key)!;
      const account = DEMO_ACCOUNTS.find(
        (a) => rule.access !== 'public' && hasAnyAuthority(a.authorities, rule.access),
      );
      const path = await concrete(rule.url);
      if (!account || !path) {
        failures.push(`${key}: no caller or parameters`);
        continue;
      }
      // An export takes its list's query.
      const query = (QUERIES[key] ?? QUERIES[key.replace(/\/export$/, '')])?.() ?? '';
      const url = query ? `${path}?${query}` : path;
      const before = (await log(`login=${account.login}`)).total;
      const response = await t.app.inject({
        method: rule.method as 'GET',
        url,
        headers: bearer(await t.tokenFor(account.login)),
      });
      if (response.statusCode !== 200) {
        failures.push(`${key}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        continue;
      }
      const after = await log(`login=${account.login}&size=1&sort=id,desc`);
      if (after.total !== before + 1) {
        failures.push(`${key}: ${after.total - before} rows`);
        continue;
      }
      const entry = after.rows[0]!;
      expect(entry.what, key).toBe(read.what);
      if (entry.subjectId === null) {
        // A list: its rows' ids as answered (or, past the limit, their count and the query).
        const answered = read.export
          ? await sheetRows(response.rawPayload)
          : read.ids
            ? read.ids(response.json())
            : Array.isArray(response.json())
              ? response.json<unknown[]>()
              : [response.json()];
        expect(entry.rowCount, key).toBe(answered.length);
        if (answered.length <= MAX_LOGGED_IDS && read.rows !== 'work')
          expect(entry.subjectIds, key).toEqual(answered.map((row) => Number((row as { id: number }).id)));
        expect(entry.query ?? '', key).toBe(query);
      }
    }
    expect(failures).toEqual([]);
    // A call per route (about 130), each with its log read before and after: a minute on a loaded machine.
  }, 180_000);
});

describe('bulk reads (issue 37, item 1)', () => {
  it('records each of the reviewer’s downloads as agentca, with the ids or the count and the query', async () => {
    const agentca = bearer(await t.tokenFor('agentca'));
    const urls = [
      '/core/api/clients?size=1000',
      '/core/api/_search/clients?query=diop',
      '/core/api/_search/clients/quick?query=diop',
      '/core/api/bank-accounts?size=1000',
      '/core/api/transactions?size=1000',
      '/core/api/transfers?size=1000',
      '/core/api/serenity-users?size=1000',
      '/core/api/beneficiaries?size=1000',
    ];
    for (const url of urls) {
      const before = (await log('login=agentca')).total;
      const response = await t.app.inject({ url, headers: agentca });
      expect(response.statusCode, url).toBe(200);
      const rows = response.json<Array<{ id: number }>>();
      const { rows: entries, total } = await log('login=agentca&size=1&sort=id,desc');
      expect(total, url).toBe(before + 1);
      expect(entries[0], url).toMatchObject({
        rowCount: rows.length,
        query: url.split('?')[1],
        subjectIds: rows.length <= MAX_LOGGED_IDS ? rows.map((r) => r.id) : null,
      });
    }
    // A whole page keeps its rows' clients: the log searched by one of them finds the bulk download.
    const [last] = (await t.app.inject({ url: urls[0]!, headers: agentca })).json<Array<{ id: number }>>().slice(-1);
    const { rows: reads } = await log(`login=agentca&clientId=${last!.id}&size=50`);
    expect(reads.map((read) => read.what)).toContain('clients');
  });

  it('records a HEAD as its GET: the same handler reads the same rows', async () => {
    const agentca = bearer(await t.tokenFor('agentca'));
    for (const [url, what] of [
      [`/core/api/clients/${sample.client}`, 'client'],
      ['/core/api/clients?size=5', 'clients'],
    ] as const) {
      const before = (await log('login=agentca')).total;
      const response = await t.app.inject({ method: 'HEAD', url, headers: agentca });
      expect(response.statusCode, url).toBe(200);
      const { rows: entries, total } = await log('login=agentca&size=1&sort=id,desc');
      expect(total, url).toBe(before + 1);
      expect(entries[0]!.what, url).toBe(what);
    }
  });

  it('finds a client among the rows of a list by clientId', async () => {
    const reclamations = bearer(await t.tokenFor('reclamations'));
    const response = await t.app.inject({ url: `/core/api/clients?id.equals=${sample.client}`, headers: reclamations });
    expect(response.json()).toHaveLength(1);
    const { rows } = await log(`clientId=${sample.client}&login=reclamations`);
    expect(rows[0]).toMatchObject({ what: 'clients', subject: 'client', clientIds: [sample.client] });
  });
});
