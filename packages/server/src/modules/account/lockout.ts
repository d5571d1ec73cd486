// Login lockout (DESIGN.md §5): 5 failed sign-ins lock a login for 30 minutes. The counters live in the
// UserAttempts table, so every instance over one database sees the same count. Every other check of a
// password or a second-factor code counts the same way (reauthenticate).
import { entityByName } from '@bank/domain';
import type { Database, Queryable } from '../../db/database';
import { quote } from '../../db/schema';
import { HttpProblem } from '../../problem';
import { recordAudit } from '../audit/audit';

export const MAX_FAILED_ATTEMPTS = 5;
export const LOCK_MINUTES = 30;

const LOCKED_DETAIL = `Too many failed sign-ins: this login is locked for ${LOCK_MINUTES} minutes`;

/**
 * The answer while a login is locked: 401 to a sign-in, 429 to a signed-in user's check, which refuses
 * that one action without ending the session (the web app signs out on 401).
 */
export const lockedProblem = (status: 401 | 429) =>
  new HttpProblem(status, { message: 'login.messages.error.locked', detail: LOCKED_DETAIL });

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

/**
 * A signed-in user proving again who they are (a code to enrol or remove the second factor, the current
 * password to change it or the e-mail): refused while the login is locked, and a wrong proof counts as a
 * failed sign-in, so that a stolen session cannot guess its way past the check. `check` does the work
 * (in its own transaction) and returns false for a wrong proof, whose failure is then recorded outside it.
 * @example await reauthenticate(db, user.login, request.ip, 'bad-otp', wrongCode, () => totp.verify(db, user, code))
 */
export async function reauthenticate<T>(
  db: Database,
  login: string,
  ip: string,
  reason: 'bad-otp' | 'bad-password',
  wrong: () => HttpProblem,
  check: () => Promise<T | false | null>,
): Promise<T> {
  if (await isLocked(db, login)) {
    await recordAudit(db, login, 'AUTHENTICATION_LOCKED', { ip });
    throw lockedProblem(429);
  }
  const proved = await check();
  if (proved !== false && proved !== null) return proved;
  const attempts = await recordFailure(db, login);
  await recordAudit(db, login, 'AUTHENTICATION_FAILURE', { reason, ip, attempts });
  if (attempts >= MAX_FAILED_ATTEMPTS) {
    await recordAudit(db, login, 'AUTHENTICATION_LOCKED', { ip });
    throw lockedProblem(429);
  }
  throw wrong();
}
