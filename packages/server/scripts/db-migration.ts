// `npm run db:migration -- <name>`: writes the next numbered SQL migration that brings the database
// from the last snapshot to the schema the entity registry describes, and updates the snapshot.
import fs from 'node:fs';
import path from 'node:path';
import { buildSchemaModel, type SchemaModel } from '../src/db/schema';
import { diffSchema } from '../src/db/schema-diff';

const dbDir = path.resolve(import.meta.dirname, '../src/db');
const migrationsDir = path.join(dbDir, 'migrations');
const snapshotFile = path.join(dbDir, 'schema-snapshot.json');

const name = (process.argv[2] ?? '').replace(/[^a-z0-9_]+/gi, '_').toLowerCase();
if (!name) {
  console.error('usage: npm run db:migration -- <what_changed>');
  process.exit(2);
}
const before: SchemaModel = fs.existsSync(snapshotFile)
  ? JSON.parse(fs.readFileSync(snapshotFile, 'utf8'))
  : { tables: {}, indexes: {} };
const after = buildSchemaModel();
const statements = diffSchema(before, after);
if (statements.length === 0) {
  console.log('The database schema already matches the entity registry: no migration written.');
  process.exit(0);
}
const numbers = fs
  .readdirSync(migrationsDir)
  .map((f) => Number(f.slice(0, 4)))
  .filter(Number.isFinite);
const next = String(Math.max(0, ...numbers) + 1).padStart(4, '0');
const file = path.join(migrationsDir, `${next}_${name}.sql`);
fs.writeFileSync(
  file,
  `-- Generated from the entity registry by npm run db:migration; review before committing.\n${statements.join('\n\n')}\n`,
);
fs.writeFileSync(snapshotFile, JSON.stringify(after, null, 2) + '\n');
console.log(`Wrote ${path.relative(process.cwd(), file)} (${statements.length} statements) and the snapshot.`);
