// Applies the SQL migrations of db/migrations in name order, each once, under an advisory lock
// so that instances starting together over one PostgreSQL apply them exactly once.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database } from './database';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
/** Arbitrary constant shared by every instance of this application. */
const MIGRATION_LOCK_KEY = 724_311_001;

export async function migrate(db: Database): Promise<string[]> {
  const files = (await fs.readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.query(
      `create table if not exists schema_migration (
         name varchar(200) primary key,
         applied_at timestamptz not null default now()
       )`,
    );
    const done = new Set((await tx.query<{ name: string }>('select name from schema_migration')).map((r) => r.name));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const sql = await fs.readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
      await tx.exec(sql);
      await tx.query('insert into schema_migration (name) values ($1)', [file]);
      applied.push(file);
    }
    return applied;
  });
}
