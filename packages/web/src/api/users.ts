// Accounts for administrators (spec part 1 section 7.2): the staff users (paged list, one user, authorities,
// create / update / delete with their X-App-Alert toasts) and the online-banking accounts (serenity users).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { request, requestData } from './http-client';

export interface AdminUser {
  id: number | null;
  login: string;
  firstName: string | null;
  lastName: string | null;
  email: string;
  activated: boolean;
  langKey: string;
  authorities: string[];
  createdBy?: string | null;
  createdDate?: string | null;
  lastModifiedBy?: string | null;
  lastModifiedDate?: string | null;
}

export interface PageParams {
  /** 0-based, as the API counts. */
  page: number;
  size: number;
  sort: string;
}

export interface Paged<T> {
  rows: T[];
  total: number;
}

/** Reads a list answer: the rows and X-Total-Count. */
export async function fetchPage<T>(path: string, query: Record<string, string | number>, signal?: AbortSignal) {
  const { data, headers } = await request<T[]>(path, { query, signal });
  return { rows: data ?? [], total: Number(headers.get('X-Total-Count') ?? data?.length ?? 0) } as Paged<T>;
}

export const usersKey = ['admin', 'users'] as const;

export const userQueries = {
  list: (params: PageParams) =>
    queryOptions({
      queryKey: [...usersKey, 'list', params],
      queryFn: ({ signal }) => fetchPage<AdminUser>('api/users', { ...params }, signal),
      placeholderData: keepPreviousData,
    }),
  one: (login: string) =>
    queryOptions({
      queryKey: [...usersKey, 'one', login],
      queryFn: ({ signal }) => requestData<AdminUser>(`api/users/${encodeURIComponent(login)}`, { signal }),
    }),
  authorities: () =>
    queryOptions({
      queryKey: [...usersKey, 'authorities'],
      queryFn: ({ signal }) => requestData<string[]>('api/users/authorities', { signal }),
      staleTime: Infinity,
    }),
};

/** POST for a new user (id null), PUT otherwise. */
export function saveUser(user: AdminUser): Promise<AdminUser> {
  return requestData<AdminUser>('api/users', { method: user.id === null ? 'POST' : 'PUT', body: user });
}

export function deleteUser(login: string): Promise<unknown> {
  return requestData(`api/users/${encodeURIComponent(login)}`, { method: 'DELETE' });
}

export interface OnlineUser {
  id: number;
  login: string;
  firstname: string | null;
  lastname: string | null;
  email: string | null;
  telephone: string | null;
  createdAt: string | null;
  lastLogin: string | null;
  clientId: number | null;
  /** The client's code, joined: how staff name a client. */
  clientCode: string | null;
}

/** The online-banking accounts (serenity users): the plain page, or the search when `query` is set. */
export function onlineUsersQuery(params: PageParams & { query: string }) {
  const { query, ...paging } = params;
  return queryOptions({
    queryKey: ['admin', 'online-users', params],
    queryFn: ({ signal }) =>
      query
        ? fetchPage<OnlineUser>('core/api/_search/serenity-users', { ...paging, query }, signal)
        : fetchPage<OnlineUser>('core/api/serenity-users', { ...paging }, signal),
    placeholderData: keepPreviousData,
  });
}
