// Applies the SQL migrations of db/migrations in name order, each once, under an advisory lock
// so that instances starting together over one PostgreSQL apply them exactly once. Run as the schema's
// owner, it then grants the server's own role what it needs and nothing more (docs/production.md).
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Database, Queryable } from './database';
import { quote } from './schema';

const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
/** Arbitrary constant shared by every instance of this application. */
const MIGRATION_LOCK_KEY = 724_311_001;

/** The tables the append-only triggers guard (migration 0013): the evidence. */
const EVIDENCE_TABLES_SQL = `
  select distinct tgrelid::regclass::text as name from pg_trigger
   where tgname like '%\\_append\\_only' and not tgisinternal order by 1`;

/**
 * The server's role reads and writes every table, but only reads and appends to the evidence: it owns
 * nothing, so it can neither drop nor disable a trigger, and the guard functions are not its to run
 * (0032). The chains' own tables it only reads: their rows are written by functions that run as their
 * owner (0039; the collected chains' gaps too, 0043). Run at every start, so that a table a migration
 * added is covered.
 */
async function grantRuntimeRole(tx: Queryable, role: string): Promise<void> {
  const grantee = quote(role);
  await tx.exec(`grant usage on schema public to ${grantee};
    grant select, insert, update, delete on all tables in schema public to ${grantee};
    grant usage, select on all sequences in schema public to ${grantee};`);
  for (const { name } of await tx.query<{ name: string }>(EVIDENCE_TABLES_SQL))
    await tx.exec(`revoke update, delete, truncate on ${name} from ${grantee}`);
  await tx.exec(
    `revoke insert, update, delete, truncate on evidence_chain, evidence_batch, evidence_gap from ${grantee}`,
  );
}

/** `runtimeRole`: the server's own role when it is not the one migrating, to be granted its rights. */
export async function migrate(db: Database, options: { runtimeRole?: string } = {}): Promise<string[]> {
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
    const [{ owner }] = (await tx.query<{ owner: string }>('select current_user as owner')) as [{ owner: string }];
    if (options.runtimeRole && options.runtimeRole !== owner) await grantRuntimeRole(tx, options.runtimeRole);
    return applied;
  });
}
