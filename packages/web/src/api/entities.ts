// The data provider of the generic entity screens: every entity URL, the paging headers
// (X-Total-Count, Link) and the queryOptions / mutation factories screens use instead of fetch.
import { APP_HEADERS, type Entity } from '@bank/domain';
import {
  infiniteQueryOptions,
  keepPreviousData,
  mutationOptions,
  queryOptions,
  type QueryClient,
} from '@tanstack/react-query';
import type { ListSource } from './exports';
import { request, requestData } from './http-client';

/** A row as the generic API sends it: the declared fields plus id and version. */
export type EntityRow = Record<string, unknown> & { id: number; version?: number };

/** A create (no id) or update (id and version) body: declared fields only. */
export type EntityBody = Record<string, unknown> & { id?: number; version?: number };

export interface ListParams {
  /** Zero-based, as the API counts. */
  page: number;
  size: number;
  /** `field,asc|desc`, repeatable; absent: the server's order (id, or best match for a search). */
  sort?: readonly string[];
  /** Non-empty text: the `_search` resource; empty: the plain list. */
  query?: string;
}

export interface EntityPage {
  rows: EntityRow[];
  total: number;
  /** False when `total` is a lower bound (`X-Total-Count-Exact: false`, a broad filter): "plus de {total}". */
  exact?: false;
  /** Zero-based page these rows are. */
  page: number;
  hasNext: boolean;
  /** Where the page was read from, without paging: what the list's export reads. */
  source?: ListSource;
}

export const DEFAULT_PAGE_SIZE = 20;
/** The server's cap: what a list without paging (user-attempts) asks for at once. */
export const MAX_PAGE_SIZE = 1000;

/** `<url>; rel="next", <url>; rel="last"` → { next: url, last: url } */
export function parseLinkHeader(header: string | null): Record<string, string> {
  const links: Record<string, string> = {};
  for (const part of header?.split(',') ?? []) {
    const match = /<([^>]*)>\s*;\s*rel="?([^";]+)"?/.exec(part.trim());
    if (match) links[match[2]!] = match[1]!;
  }
  return links;
}

const searchPath = (entity: Entity) => `${entity.apiBase}/_search/${entity.resource}`;
const itemPath = (entity: Entity, id: number) => `${entity.path}/${id}`;

/**
 * One page of an entity's list, or of its `_search` when `params.query` holds text.
 * @example await fetchEntityPage(branch, { page: 0, size: 20, sort: ['id,asc'] })
 */
export async function fetchEntityPage(entity: Entity, params: ListParams, signal?: AbortSignal): Promise<EntityPage> {
  const text = params.query?.trim() ?? '';
  const search = text ? { query: text } : {};
  const source = { path: text ? searchPath(entity) : entity.path, query: { ...search, sort: params.sort } };
  const { data, headers } = await request<EntityRow[]>(source.path, {
    signal,
    query: { ...search, page: params.page, size: params.size, sort: params.sort },
  });
  const rows = Array.isArray(data) ? data : [];
  const totalHeader = headers.get(APP_HEADERS.totalCount);
  const total = totalHeader === null ? params.page * params.size + rows.length : Number(totalHeader);
  const links = parseLinkHeader(headers.get('link'));
  const hasNext = 'next' in links || (totalHeader !== null && (params.page + 1) * params.size < total);
  return { rows, total, page: params.page, hasNext, ...inexact(headers), source };
}

/** `{ exact: false }` when the answer's total is a lower bound, else nothing. */
export const inexact = (headers: Headers): { exact?: false } =>
  headers.get(APP_HEADERS.totalCountExact) === 'false' ? { exact: false } : {};

type Invalidate = (queryClient: QueryClient) => Promise<void>;

/**
 * TanStack Query options for one entity; every key starts with `['entities', entity.name]`.
 * @example useQuery(entityQueries(branch).list({ page: 0, size: 20 }))
 */
export function entityQueries(entity: Entity) {
  const all = ['entities', entity.name] as const;
  const page = (params: ListParams) =>
    queryOptions({
      queryKey: [...all, 'list', params],
      queryFn: ({ signal }) => fetchEntityPage(entity, params, signal),
      // The table keeps its rows while the next page or sort loads, instead of flashing empty.
      placeholderData: keepPreviousData,
    });
  return {
    all,
    list: (params: Omit<ListParams, 'query'>) => page(params),
    search: (query: string, params: Omit<ListParams, 'query'>) => page({ ...params, query }),
    /** Page after page, for infinite lists and the linked-entity selects. */
    infinite: (params: Omit<ListParams, 'page'>) =>
      infiniteQueryOptions({
        queryKey: [...all, 'infinite', params],
        queryFn: ({ pageParam, signal }) => fetchEntityPage(entity, { ...params, page: pageParam }, signal),
        initialPageParam: 0,
        getNextPageParam: (last: EntityPage) => (last.hasNext ? last.page + 1 : undefined),
      }),
    get: (id: number) =>
      queryOptions({
        queryKey: [...all, 'detail', id],
        queryFn: ({ signal }) => requestData<EntityRow>(itemPath(entity, id), { signal }),
      }),
    /** A linked row's label: quiet, since a dangling link is shown as its bare id. */
    label: (id: number) =>
      queryOptions({
        queryKey: [...all, 'label', id],
        queryFn: ({ signal }) => requestData<EntityRow>(itemPath(entity, id), { signal, errorMessage: false }),
        staleTime: 5 * 60_000,
      }),
  };
}

/**
 * Create, update and delete for one entity; each refreshes the entity's queries and marks the
 * others stale (their rows may show this one's label).
 * @example useMutation(entityMutations(branch, queryClient).create)
 */
export function entityMutations(entity: Entity, queryClient: QueryClient) {
  const { all } = entityQueries(entity);
  const invalidate: Invalidate = async (client) => {
    await client.invalidateQueries({ queryKey: ['entities'], refetchType: 'none' });
    await client.invalidateQueries({ queryKey: all });
  };
  const context = { entity: entity.name };
  return {
    create: mutationOptions({
      mutationFn: (body: EntityBody) =>
        requestData<EntityRow>(entity.path, { method: 'POST', body, errorContext: context }),
      onSuccess: () => invalidate(queryClient),
    }),
    update: mutationOptions({
      mutationFn: (body: EntityBody & { id: number }) =>
        requestData<EntityRow>(itemPath(entity, body.id), { method: 'PUT', body, errorContext: context }),
      onSuccess: (row: EntityRow) => {
        queryClient.setQueryData(entityQueries(entity).get(row.id).queryKey, row);
        return invalidate(queryClient);
      },
    }),
    remove: mutationOptions({
      mutationFn: async (id: number) => {
        await request<null>(itemPath(entity, id), { method: 'DELETE', errorContext: context });
      },
      onSuccess: (_: void, id: number) => {
        queryClient.removeQueries({ queryKey: entityQueries(entity).get(id).queryKey });
        return invalidate(queryClient);
      },
    }),
  };
}
