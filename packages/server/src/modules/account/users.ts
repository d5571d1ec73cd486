// Staff accounts in the database: lookups and writes used by sign-in, the account pages and the seed.
import type { Queryable } from '../../db/database';

export interface UserRow {
  id: number;
  login: string;
  password_hash: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  image_url: string | null;
  activated: boolean;
  lang_key: string;
  created_by: string;
  created_date: Date;
  last_modified_by: string | null;
  last_modified_date: Date | null;
  authorities: string[];
}

/** The account as the API shows it (spec part 1 section 3, User). */
export interface AccountDto {
  id: number;
  login: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  imageUrl: string | null;
  activated: boolean;
  langKey: string;
  authorities: string[];
  createdBy: string;
  createdDate: Date;
  lastModifiedBy: string | null;
  lastModifiedDate: Date | null;
}

/**
 * Body schema entries for fields a client sends back as it read them (JHipster's settings and user
 * pages do): any value is accepted and none is applied, as the server owns them.
 */
export const readBack = (...names: Array<keyof AccountDto>): Record<string, object> =>
  Object.fromEntries(names.map((name) => [name, {}]));

const USER_SELECT = `
  select u.*, coalesce(array_agg(ua.authority_name order by ua.authority_name)
                       filter (where ua.authority_name is not null), '{}') as authorities
    from app_user u left join user_authority ua on ua.user_id = u.id`;

export async function findUserByLogin(db: Queryable, login: string): Promise<UserRow | undefined> {
  const [row] = await db.query<UserRow>(`${USER_SELECT} where lower(u.login) = lower($1) group by u.id`, [login]);
  return row;
}

export function toAccountDto(row: UserRow): AccountDto {
  return {
    id: row.id,
    login: row.login,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    imageUrl: row.image_url,
    activated: row.activated,
    langKey: row.lang_key,
    authorities: row.authorities,
    createdBy: row.created_by,
    createdDate: row.created_date,
    lastModifiedBy: row.last_modified_by,
    lastModifiedDate: row.last_modified_date,
  };
}

export interface NewUser {
  login: string;
  passwordHash: string;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  activated: boolean;
  langKey?: string;
  authorities: readonly string[];
  createdBy?: string;
  imageUrl?: string | null;
  /** Digests of one-time keys (see keys.ts); a reset key starts its 24 hours now. */
  activationKeyDigest?: string;
  resetKeyDigest?: string;
}

export async function insertUser(db: Queryable, user: NewUser): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `insert into app_user (login, password_hash, first_name, last_name, email, activated, lang_key, created_by,
                           image_url, activation_key, reset_key, reset_date)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::varchar, case when $11::varchar is null then null else now() end)
     returning id`,
    [
      user.login.toLowerCase(),
      user.passwordHash,
      user.firstName ?? null,
      user.lastName ?? null,
      user.email?.toLowerCase() ?? null,
      user.activated,
      user.langKey ?? 'fr',
      user.createdBy ?? 'system',
      user.imageUrl ?? null,
      user.activationKeyDigest ?? null,
      user.resetKeyDigest ?? null,
    ],
  );
  if (user.authorities.length > 0) {
    await db.query(`insert into user_authority (user_id, authority_name) select $1, unnest($2::varchar[])`, [
      row!.id,
      user.authorities,
    ]);
  }
  return row!.id;
}
