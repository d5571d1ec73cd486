// The embedded database runs each statement with values as a named statement, parsed once
// (db/pglite-statements.ts): its answers must be those of PGlite's own query, every time, and a
// failing statement must leave the database as a failing query does.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPglite, openPglite, type Database } from '../src/db/database';
import type { PGlite } from '@electric-sql/pglite';

let db: Database;
let plain: PGlite;

const ROW = `select $1::bigint as id, $2::numeric as amount, $3::timestamptz as at, $4::text[] as words,
                   $5::jsonb as data, $6::bytea as picture, $7::boolean as flag, $8::date as day, $9::text as nothing`;
const VALUES = [
  9_007_199_254_740_991,
  '130500.50',
  new Date('2026-11-28T12:00:00.000Z'),
  ['Diop', "N'Diaye", 'a,b', 'x"y'],
  { amount: 1, names: ['Awa'] },
  new Uint8Array([137, 80, 78, 71]),
  true,
  '2026-11-28',
  null,
];

beforeAll(async () => {
  db = await openPglite(undefined);
  plain = await createPglite(undefined);
  await db.exec('create table item (id bigint primary key, label text not null unique)');
});
afterAll(async () => {
  await db.close();
  await plain.close();
});

describe('named statements on the embedded database', () => {
  it("answer as PGlite's own query, on the first run and after", async () => {
    const expected = (await plain.query(ROW, VALUES)).rows;
    for (let run = 0; run < 7; run++) expect(await db.query(ROW, VALUES)).toEqual(expected);
    const nulls = VALUES.map(() => null);
    expect(await db.query(ROW, nulls)).toEqual((await plain.query(ROW, nulls)).rows);
  });

  it('fail as a query does and keep working, in and out of a transaction', async () => {
    const insert = 'insert into item (id, label) values ($1, $2) returning id';
    expect(await db.query(insert, [1, 'one'])).toEqual([{ id: 1 }]);
    await expect(db.query(insert, [2, 'one'])).rejects.toMatchObject({ code: '23505', constraint: 'item_label_key' });
    await expect(
      db.transaction(async (tx) => {
        await tx.query(insert, [3, 'three']);
        await tx.query(insert, [4, 'one']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    // The transaction's first insert was rolled back with it; the statement still runs.
    expect(await db.query(insert, [3, 'three'])).toEqual([{ id: 3 }]);
    expect(await db.query('select id from item where id > $1 order by id', [0])).toEqual([{ id: 1 }, { id: 3 }]);
    await expect(db.query('select nope from item where id = $1', [1])).rejects.toMatchObject({ code: '42703' });
  });

  it('keep answering past the statements kept, the least recently run closed and prepared again', async () => {
    const texts = Array.from({ length: 250 }, (_, i) => `select $1::int + ${i} as n`);
    for (const round of [1, 2])
      for (const [i, text] of texts.entries()) expect(await db.query(text, [round])).toEqual([{ n: round + i }]);
  });

  it('take turns with transactions: a statement outside one waits for it to end', async () => {
    // PGlite is one session: a statement slipped into the transaction would read its uncommitted 'ten'.
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.query('insert into item (id, label) values ($1, $2)', [10, 'ten']);
      inserted();
      await held;
      await tx.query('update item set label = $2 where id = $1', [10, 'TEN']);
    });
    await insertedYet;
    const outside = db.query<{ label: string }>('select label from item where id = $1', [10]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    expect(await outside).toEqual([{ label: 'TEN' }]);
  });
});
