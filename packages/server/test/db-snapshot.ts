// Row count and checksum of every table of the public schema, to prove that a run of requests left the
// database as it found it. Same SQL on PGlite and PostgreSQL.
import type { Queryable } from '../src/db/database';

/**
 * Tables a refused request may legitimately write: failed sign-ins are audited (audit_event) and counted
 * for the lockout (user_attempts); row_count follows the rows of the others and is compacted in the
 * background; access_log records the reads of client data that the fuzz's well-formed calls make;
 * staff_session gets a row per sign-in and the last use of each session; evidence_batch records those rows
 * and evidence_chain keeps the heads of their chains.
 */
export const TOUCHED_BY_REFUSALS = [
  'audit_event',
  'user_attempts',
  'row_count',
  'access_log',
  'request_presence',
  'staff_session',
  'evidence_chain',
  'evidence_batch',
] as const;

export type Snapshot = Map<string, { rows: number; md5: string }>;

export async function snapshot(db: Queryable, skip: readonly string[] = TOUCHED_BY_REFUSALS): Promise<Snapshot> {
  const tables = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const result: Snapshot = new Map();
  for (const { name } of tables) {
    if (skip.includes(name)) continue;
    const quoted = `"${name.replace(/"/g, '""')}"`;
    const [row] = await db.query<{ rows: number; md5: string }>(
      `select count(*)::int as rows, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as md5
         from ${quoted} t`,
    );
    result.set(name, row!);
  }
  return result;
}

/** The tables whose count or checksum differ, as readable lines (empty when nothing changed). */
export function differences(before: Snapshot, after: Snapshot): string[] {
  const lines: string[] = [];
  for (const name of new Set([...before.keys(), ...after.keys()])) {
    const a = before.get(name);
    const b = after.get(name);
    if (a?.rows !== b?.rows || a?.md5 !== b?.md5)
      lines.push(`${name}: ${a?.rows ?? 'absent'} rows → ${b?.rows ?? 'absent'} rows (checksum changed)`);
  }
  return lines;
}
