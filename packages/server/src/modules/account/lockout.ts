// Login lockout (DESIGN.md §5): 5 failed sign-ins lock a login for 30 minutes. The counters live in the
// UserAttempts table, so every instance over one database sees the same count.
import { entityByName } from '@bank/domain';
import type { Queryable } from '../../db/database';
import { quote } from '../../db/schema';

export const MAX_FAILED_ATTEMPTS = 5;
export const LOCK_MINUTES = 30;

const attemptsEntity = entityByName('userAttempts');
const table = quote(attemptsEntity.table);
const col = (field: string) => quote(attemptsEntity.field(field)!.column);
const PRINCIPAL = col('principal');
const ATTEMPTS = col('attempts');
const LAST = col('lastModified');
const WINDOW = `interval '${LOCK_MINUTES} minutes'`;

export async function isLocked(db: Queryable, principal: string): Promise<boolean> {
  const [row] = await db.query<{ locked: boolean }>(
    `select ${ATTEMPTS} >= $2 and ${LAST} > now() - ${WINDOW} as locked from ${table} where lower(${PRINCIPAL}) = lower($1)`,
    [principal, MAX_FAILED_ATTEMPTS],
  );
  return row?.locked ?? false;
}

/** Counts a failure (restarting the count once the window has passed); returns the count. */
export async function recordFailure(db: Queryable, principal: string): Promise<number> {
  const [row] = await db.query<{ attempts: number }>(
    `insert into ${table} as a (${PRINCIPAL}, ${ATTEMPTS}, ${LAST}) values (lower($1), 1, now())
     on conflict ((lower(${PRINCIPAL}))) do update set
       ${ATTEMPTS} = case when a.${LAST} < now() - ${WINDOW} then 1 else a.${ATTEMPTS} + 1 end,
       ${LAST} = now(), version = a.version + 1
     returning ${ATTEMPTS} as attempts`,
    [principal.slice(0, 100)],
  );
  return row!.attempts;
}

export async function recordSuccess(db: Queryable, principal: string): Promise<void> {
  await db.query(`delete from ${table} where lower(${PRINCIPAL}) = lower($1)`, [principal]);
}
