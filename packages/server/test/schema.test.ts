import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSchemaModel, type SchemaModel } from '../src/db/schema';
import { diffSchema } from '../src/db/schema-diff';

const snapshot: SchemaModel = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, '../src/db/schema-snapshot.json'), 'utf8'),
);

describe('schema derived from the registry', () => {
  it('matches the migrations: run `npm run db:migration -- <name>` after changing a declaration', () => {
    expect(diffSchema(snapshot, buildSchemaModel())).toEqual([]);
  });

  it('writes an added field as one add column, and a removed one as a drop', () => {
    const before = buildSchemaModel();
    const after: SchemaModel = structuredClone(before);
    after.tables.branch!.columns.swift_code = { type: 'varchar(11)', notNull: false };
    delete after.tables.branch!.columns.address;
    expect(diffSchema(before, after)).toEqual([
      'alter table "branch" add column "swift_code" varchar(11);',
      'alter table "branch" drop column "address";',
    ]);
  });

  it('creates tables before their foreign keys, so declaration order does not matter', () => {
    const statements = diffSchema({ tables: {}, indexes: {} }, buildSchemaModel());
    const lastCreate = statements.findLastIndex((s) => s.startsWith('create table'));
    const firstForeignKey = statements.findIndex((s) => s.includes('foreign key'));
    expect(firstForeignKey).toBeGreaterThan(lastCreate);
  });
});
