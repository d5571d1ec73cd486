// Staff accounts of directory users: linked by (issuer, subject), created on the first sign-in, brought in
// line with the directory's claims on every later one. A local account is never taken over.
import { ACCOUNT_RULES, LOGIN_PATTERN, type Authority } from '@bank/domain';
import type { Queryable } from '../../db/database';
import { insertUser } from '../account/users';

/** Not an argon2 hash: no password ever matches it, so a directory user signs in through the directory only. */
const NO_PASSWORD = '!directory';

export interface DirectoryUser {
  issuer: string;
  subject: string;
  login: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  roles: Authority[];
}

export type LinkOutcome =
  | { ok: true; id: number; login: string; created: boolean; rolesChanged: boolean }
  | { ok: false; reason: 'localAccount' | 'notActivated' };

const text = (value: unknown, max: number) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null;

/** The login a directory gives (preferred_username), if it is one this application accepts. */
export function loginOf(value: unknown): string | null {
  return typeof value === 'string' && value.length <= ACCOUNT_RULES.login.maxLength && LOGIN_PATTERN.test(value)
    ? value.toLowerCase()
    : null;
}

/** The user's groups from the roles claim: a list, or one string of names separated by spaces or commas. */
export function groupsOf(claims: Record<string, unknown>, claim: string): string[] {
  const value = claims[claim];
  if (Array.isArray(value)) return value.filter((g): g is string => typeof g === 'string');
  return typeof value === 'string' ? value.split(/[\s,]+/).filter(Boolean) : [];
}

/** The bank roles of mapped groups only; an unmapped group gives nothing (own keys only: no `constructor`). */
export function rolesOf(groups: string[], map: Record<string, Authority[]>): Authority[] {
  const roles = groups.flatMap((group) => (Object.hasOwn(map, group) ? map[group]! : []));
  return [...new Set(roles)].sort();
}

/** The claims' names and e-mail as the account stores them (lengths of the account rules; e-mail only if one). */
export function profileOf(claims: Record<string, unknown>) {
  const email = text(claims.email, ACCOUNT_RULES.email.maxLength);
  return {
    firstName: text(claims.given_name, ACCOUNT_RULES.firstName.maxLength),
    lastName: text(claims.family_name, ACCOUNT_RULES.lastName.maxLength),
    email: email && /^[^\s@]+@[^\s@]+$/.test(email) ? email.toLowerCase() : null,
  };
}

/** Creates or updates the staff account of `user`, in the caller's transaction. */
export async function linkDirectoryUser(tx: Queryable, user: DirectoryUser): Promise<LinkOutcome> {
  const [linked] = await tx.query<{ id: number; login: string; activated: boolean; authorities: string[] }>(
    `select u.id, u.login, u.activated,
            coalesce(array_agg(ua.authority_name) filter (where ua.authority_name is not null), '{}') as authorities
       from app_user u left join user_authority ua on ua.user_id = u.id
      where u.oidc_issuer = $1 and u.oidc_subject = $2 group by u.id`,
    [user.issuer, user.subject],
  );
  // The same e-mail on another account means a local account of the same person, most likely.
  const [taken] = await tx.query(
    `select 1 from app_user
      where ($1::bigint is null or id <> $1) and (($1::bigint is null and lower(login) = lower($2)) or lower(email) = lower($3))`,
    [linked?.id ?? null, user.login, user.email],
  );
  if (taken) return { ok: false, reason: 'localAccount' };
  if (!linked) {
    const id = await insertUser(tx, {
      login: user.login,
      passwordHash: NO_PASSWORD,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      activated: true,
      langKey: 'fr',
      authorities: user.roles,
      createdBy: 'oidc',
    });
    await tx.query(`update app_user set oidc_issuer = $2, oidc_subject = $3 where id = $1`, [
      id,
      user.issuer,
      user.subject,
    ]);
    return { ok: true, id, login: user.login, created: true, rolesChanged: false };
  }
  // An administrator's deactivation holds, whatever the directory says. The login stays the one of the
  // first sign-in: the link is the subject, and a rename would end sessions and break the audit trail.
  if (!linked.activated) return { ok: false, reason: 'notActivated' };
  await tx.query(
    `update app_user set first_name = $2, last_name = $3, email = $4, last_modified_by = 'oidc',
            last_modified_date = now(), version = version + 1 where id = $1`,
    [linked.id, user.firstName, user.lastName, user.email],
  );
  const rolesChanged = [...linked.authorities].sort().join(',') !== user.roles.join(',');
  if (rolesChanged) {
    await tx.query(`delete from user_authority where user_id = $1`, [linked.id]);
    await tx.query(`insert into user_authority (user_id, authority_name) select $1, unnest($2::varchar[])`, [
      linked.id,
      user.roles,
    ]);
  }
  return { ok: true, id: linked.id, login: linked.login, created: false, rolesChanged };
}

/**
 * A linked user the directory no longer gives any bank role: its roles are removed (its sessions end with
 * them, by the caller), so that what the directory took away is gone here too. Returns its login, if linked.
 */
export async function dropDirectoryRoles(tx: Queryable, issuer: string, subject: string): Promise<string | null> {
  const [row] = await tx.query<{ id: number; login: string }>(
    `select id, login from app_user where oidc_issuer = $1 and oidc_subject = $2`,
    [issuer, subject],
  );
  if (!row) return null;
  await tx.query(`delete from user_authority where user_id = $1`, [row.id]);
  return row.login;
}
