// `_search` on an entity declared `wordSearch` (clients): rows where the text begins a word, found by
// the word-start index (migration 0023), ranked and counted by the totals rules; a text that begins no
// word is looked for inside words; the index follows every write. On PostgreSQL: the embedded database
// keeps the fragment search (the trigger keeps its index all the same, checked at the end).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP } from '../src/engine/totals';
import { bearer, startTestApp, type TestApp } from './helper';

let t: TestApp;
let headers: Record<string, string>;

interface Client {
  id: number;
  name: string;
}

const search = async (query: Record<string, string>) => {
  const response = await t.app.inject({ url: '/core/api/_search/clients', query, headers });
  expect(response.statusCode, response.body).toBe(200);
  return {
    total: Number(response.headers['x-total-count']),
    exact: response.headers['x-total-count-exact'] !== 'false',
    rows: response.json<Client[]>(),
  };
};
const names = async (text: string, query: Record<string, string> = {}) =>
  (await search({ query: text, size: '50', ...query })).rows.map((row) => row.name);

const ids: Record<string, number> = {};
const create = async (key: string, body: Record<string, unknown>) => {
  const response = await t.app.inject({ method: 'POST', url: '/core/api/clients', headers, payload: body });
  expect(response.statusCode, response.body).toBe(201);
  ids[key] = response.json<Client>().id;
};

beforeAll(async () => {
  t = await startTestApp();
  headers = bearer(await t.tokenFor('admin'));
  // A name shared by more clients than the count cap, its e-mail made of it (two word starts per row).
  await t.db.query(
    `insert into client (name, email, client_type)
     select 'Awa Diop', 'awa.diop' || i || '@exemple.sn', 'PERSONAL' from generate_series(1, 1100) i`,
  );
  await create('fatou', { name: 'Fatou Sall', email: 'fatou.sall@exemple.sn', clientType: 'PERSONAL' });
  await create('sallCompany', { name: 'Sall Transports SARL', clientType: 'COMPANY' });
  await create('kassall', { name: 'Mariama Kassall', clientType: 'PERSONAL' });
  await create('ndeye', { name: 'Ndèye Sène', placeOfBirth: 'Thiès', clientType: 'PERSONAL' });
  await create('long', { name: 'Diallo Import-Export Sénégal SAS', clientType: 'COMPANY' });
  await create('longer', { name: 'Diallo Import-Export Sénégal SARL', clientType: 'COMPANY' });
}, 60_000);

afterAll(() => t?.close());

describe.skipIf(process.env.DATABASE_URL === undefined)('word search', () => {
  it('finds a name by its words, accents and case aside, whole or by its first letters', async () => {
    expect(await names('ndeye sene')).toEqual(['Ndèye Sène']);
    expect(await names('NDÈY')).toEqual(['Ndèye Sène']);
    expect(await names('thies')).toEqual(['Ndèye Sène']);
    expect(await names('fatou.sall@exemple')).toEqual(['Fatou Sall']);
  });

  it('ranks rows whose text starts with the words first, then the others, each in the order of their text', async () => {
    const found = await search({ query: 'sall', size: '10' });
    expect(found).toMatchObject({ total: 2, exact: true });
    expect(found.rows.map((row) => row.name)).toEqual(['Sall Transports SARL', 'Fatou Sall']);
    // Clients of the same name come by id.
    const { rows } = await search({ query: 'awa diop', size: '5' });
    expect(rows.map((row) => row.id)).toEqual([...rows.map((row) => row.id)].sort((a, b) => a - b));
  });

  it('looks inside words only for a text that begins none', async () => {
    // "Sall" begins words, so "Kassall" is not among them; "assall" begins none and finds it.
    expect(await names('sall')).not.toContain('Mariama Kassall');
    expect(await names('assall')).toEqual(['Mariama Kassall']);
    expect(await names('ass')).toEqual(['Mariama Kassall']);
    expect(await names('zzqx')).toEqual([]);
  });

  it('checks a text longer than an index entry against the whole row', async () => {
    expect(await names('diallo import-export senegal sas')).toEqual(['Diallo Import-Export Sénégal SAS']);
    expect(await names('diallo import-export senegal')).toEqual([
      'Diallo Import-Export Sénégal SAS',
      'Diallo Import-Export Sénégal SARL',
    ]);
    expect(await names('diallo import-export senegal sax')).toEqual([]);
  });

  it('counts rows, not words, up to the cap: exact below it, a lower bound at it', async () => {
    // 1,100 clients hold "diop" twice (name and e-mail): the entries read reach the cap first.
    const broad = await search({ query: 'diop', size: '20' });
    expect(broad).toMatchObject({ total: COUNT_CAP, exact: false });
    expect(broad.rows).toHaveLength(20);
    expect(new Set(broad.rows.map((row) => row.id)).size).toBe(20);
    expect(broad.rows.every((row) => row.name === 'Awa Diop')).toBe(true);
    // At the rows' first word too; keys of the statement are not sent.
    const first = await search({ query: 'awa', size: '20' });
    expect(first).toMatchObject({ total: COUNT_CAP, exact: false });
    expect(Object.keys(first.rows[0]!).some((key) => key.startsWith('__'))).toBe(false);
    // Under the cap each row counts once, though its e-mail holds the name too.
    await t.db.query(
      `update client set name = 'Awa Diop Seck' where id in (select id from client where name = 'Awa Diop' order by id limit 30)`,
    );
    expect(await search({ query: 'diop seck', size: '5' })).toMatchObject({ total: 30, exact: true });
    const seck = await search({ query: 'seck', size: '50' });
    expect(seck).toMatchObject({ total: 30, exact: true });
    expect(seck.rows).toHaveLength(30);
  });

  it('pages through the matches in one order, and past their end', async () => {
    const pages = await Promise.all(
      [0, 1, 2].map((page) => search({ query: 'awa diop', size: '7', page: String(page) })),
    );
    const seen = pages.flatMap((page) => page.rows.map((row) => row.id));
    expect(new Set(seen).size).toBe(21);
    expect(await search({ query: 'sall', size: '10', page: '3' })).toMatchObject({ total: 2, exact: true, rows: [] });
  });

  it('finds by id and by digits inside words as the fragment search does', async () => {
    const byId = await search({ query: String(ids.ndeye), size: '5' });
    expect(byId.rows[0]!.id).toBe(ids.ndeye);
    // "1099" begins no word: it is found inside "awa.diop1099@exemple.sn".
    const byDigits = await search({ query: '1099', size: '50' });
    expect(byDigits.rows.map((row) => (row as Client & { email: string }).email)).toContain('awa.diop1099@exemple.sn');
  });

  it('keeps filters and a chosen order', async () => {
    expect(await names('sall', { 'clientType.equals': 'COMPANY' })).toEqual(['Sall Transports SARL']);
    expect(await names('sall', { sort: 'name,desc' })).toEqual(['Sall Transports SARL', 'Fatou Sall']);
    expect(await names('assall', { sort: 'name,asc' })).toEqual(['Mariama Kassall']);
  });
});

describe('search on either database', () => {
  it('looks inside words on the embedded database, which keeps the fragment search', async () => {
    const found = await names('sall');
    if (process.env.DATABASE_URL === undefined) expect(found).toContain('Mariama Kassall');
    else expect(found).not.toContain('Mariama Kassall');
  });

  it('follows every write: a new name is found, the old one no longer, a deleted client nowhere', async () => {
    const put = await t.app.inject({
      method: 'PUT',
      url: `/core/api/clients/${ids.fatou}`,
      headers,
      payload: {
        id: ids.fatou,
        version: 0,
        name: 'Fatou Sarr',
        email: 'fatou.sarr@exemple.sn',
        clientType: 'PERSONAL',
      },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(await names('fatou sarr')).toEqual(['Fatou Sarr']);
    expect(await names('fatou sall')).toEqual([]);
    const removed = await t.app.inject({ method: 'DELETE', url: `/core/api/clients/${ids.ndeye}`, headers });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await names('ndeye')).toEqual([]);
    // The index holds exactly the word starts of the rows there are.
    const [drift] = await t.db.query<{ n: number }>(
      `select count(*)::int as n from (
         (select o.at_start, o.entry, c.id from client c, search_word_starts(c.search_text) o
          except all select at_start, entry, id from client_search_word)
         union all
         (select at_start, entry, id from client_search_word
          except all select o.at_start, o.entry, c.id from client c, search_word_starts(c.search_text) o)) d`,
    );
    expect(drift!.n).toBe(0);
  });
});
