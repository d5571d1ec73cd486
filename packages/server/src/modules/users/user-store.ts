// SQL of user management (api/users): pages of accounts with their authorities, lookups by login or id,
// and the writes of an administrator. Plain parameterised SQL over app_user and user_authority.
import type { Field } from '@bank/domain';
import type { Queryable } from '../../db/database';
import { orderOf, pagingOf, type Column, type Query } from '../../engine/list-query';
import { toAccountDto, type AccountDto, type UserRow } from '../account/users';

export interface AdminUserDto extends AccountDto {
  limitDayTransfer: string | null;
  limitMonthTransfer: string | null;
}

type AdminUserRow = UserRow & { limit_day_transfer: string | null; limit_month_transfer: string | null };

/** What an administrator may set on an account. */
export interface UserChanges {
  login: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  imageUrl: string | null;
  langKey: string;
  activated: boolean;
  authorities: string[];
  limitDayTransfer: string | null;
  limitMonthTransfer: string | null;
}

const SELECT = `
  select t.*, coalesce(array_agg(ua.authority_name order by ua.authority_name)
                       filter (where ua.authority_name is not null), '{}') as authorities
    from app_user t left join user_authority ua on ua.user_id = t.id`;

/** Sortable fields of the list, by their JSON name. */
const SORTABLE: Record<string, string> = {
  id: 'id',
  login: 'login',
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  activated: 'activated',
  langKey: 'lang_key',
  createdDate: 'created_date',
  lastModifiedDate: 'last_modified_date',
};

const sortColumn = (name: string): Column | undefined =>
  Object.hasOwn(SORTABLE, name) ? { field: { name } as Field, sql: `t.${SORTABLE[name]}` } : undefined;

export const toAdminUserDto = (row: AdminUserRow): AdminUserDto => ({
  ...toAccountDto(row),
  limitDayTransfer: row.limit_day_transfer,
  limitMonthTransfer: row.limit_month_transfer,
});

export async function listUsers(db: Queryable, query: Query) {
  const { page, size } = pagingOf(query);
  const order = orderOf(sortColumn, query, 'id,asc');
  const rows = await db.query<AdminUserRow>(`${SELECT} group by t.id order by ${order} limit $1 offset $2`, [
    size,
    page * size,
  ]);
  const [count] = await db.query<{ total: number }>('select count(*)::int as total from app_user');
  return { rows: rows.map(toAdminUserDto), total: count!.total, page, size };
}

/** By login first (a login may be all digits), then by id. */
export async function findUser(db: Queryable, loginOrId: string): Promise<AdminUserDto | undefined> {
  const id = /^\d{1,15}$/.test(loginOrId) ? Number(loginOrId) : null;
  const [row] = await db.query<AdminUserRow>(
    `${SELECT} where lower(t.login) = lower($1) or t.id = $2 group by t.id
      order by lower(t.login) = lower($1) desc limit 1`,
    [loginOrId, id],
  );
  return row && toAdminUserDto(row);
}

export async function findUserById(db: Queryable, id: number): Promise<AdminUserDto | undefined> {
  const [row] = await db.query<AdminUserRow>(`${SELECT} where t.id = $1 group by t.id`, [id]);
  return row && toAdminUserDto(row);
}

/** Which of login and e-mail another account (not `exceptId`) already holds. */
export async function takenBy(db: Queryable, login: string, email: string, exceptId: number | null) {
  const rows = await db.query<{ login_taken: boolean; email_taken: boolean }>(
    `select lower(login) = lower($1) as login_taken, lower(email) = lower($2) as email_taken
       from app_user where (lower(login) = lower($1) or lower(email) = lower($2)) and id is distinct from $3`,
    [login, email, exceptId],
  );
  return { login: rows.some((r) => r.login_taken), email: rows.some((r) => r.email_taken) };
}

export async function replaceAuthorities(db: Queryable, userId: number, authorities: readonly string[]) {
  await db.query('delete from user_authority where user_id = $1', [userId]);
  if (authorities.length > 0) {
    await db.query('insert into user_authority (user_id, authority_name) select $1, unnest($2::varchar[])', [
      userId,
      authorities,
    ]);
  }
}

export async function updateUser(db: Queryable, id: number, changes: UserChanges, by: string): Promise<void> {
  await db.query(
    `update app_user set login = lower($2), first_name = $3, last_name = $4, email = lower($5), image_url = $6,
            lang_key = $7, activated = $8, limit_day_transfer = $9, limit_month_transfer = $10,
            -- a pending activation key makes no sense once an administrator decided the state
            activation_key = case when $8 then null else activation_key end,
            last_modified_by = $11, last_modified_date = now(), version = version + 1
      where id = $1`,
    [
      id,
      changes.login,
      changes.firstName,
      changes.lastName,
      changes.email,
      changes.imageUrl,
      changes.langKey,
      changes.activated,
      changes.limitDayTransfer,
      changes.limitMonthTransfer,
      by,
    ],
  );
  await replaceAuthorities(db, id, changes.authorities);
}

export async function setTransferLimits(db: Queryable, id: number, day: string | null, month: string | null) {
  await db.query('update app_user set limit_day_transfer = $2, limit_month_transfer = $3 where id = $1', [
    id,
    day,
    month,
  ]);
}

export async function deleteUser(db: Queryable, id: number): Promise<void> {
  await db.query('delete from app_user where id = $1', [id]);
}

export async function authorityNames(db: Queryable): Promise<string[]> {
  const rows = await db.query<{ name: string }>('select name from authority order by name');
  return rows.map((r) => r.name);
}
