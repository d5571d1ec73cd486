// useEntityList: the headless controller of every generic list — page, sort and search kept in the
// address, the page or the growing list fetched through the data provider, and the user's access.
import type { ListSource } from '../api/exports';
import type { Entity, Field } from '@bank/domain';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { entityQueries, MAX_PAGE_SIZE, type EntityRow } from '../api/entities';
import { useListLayout, type ListLayout } from './list-layout';
import {
  DEFAULT_SORT,
  listColumns,
  nextSort,
  readListUrl,
  writeListUrl,
  type ListUrlState,
  type SortState,
} from './list-url';
import { useEntityAccess, type EntityAccess } from './use-entity-access';

export interface EntityList {
  entity: Entity;
  /** Where the rows come from (path and query without paging): what the export reads. */
  source: ListSource | undefined;
  access: EntityAccess;
  /** The columns shown: the list's columns but those the user hid. */
  columns: Field[];
  /** Every column the list has, for the column chooser. */
  allColumns: Field[];
  layout: ListLayout;
  rows: EntityRow[];
  total: number;
  /** False when `total` is a lower bound (a broad filter on a large table, counted up to a cap). */
  exact: boolean;
  /** 1-based, as displayed. */
  page: number;
  pageCount: number;
  pageSize: number;
  /** The order the rows are in; null for the server's own (a search's best matches, an unpaged list). */
  sort: SortState | null;
  /** The search applied (from the address) and the text being typed. */
  search: string;
  draft: string;
  setDraft(text: string): void;
  submitSearch(): void;
  clearSearch(): void;
  setPage(page: number): void;
  toggleSort(field: string): void;
  isLoading: boolean;
  isFetching: boolean;
  isError: boolean;
  retry(): void;
  /** Infinite lists: more rows exist and how to ask for them. */
  hasMore: boolean;
  isLoadingMore: boolean;
  loadMore(): void;
}

/**
 * Everything a list screen shows and does, for any entity of the registry.
 * @example const list = useEntityList(entityByRoute('branch')!)
 */
export function useEntityList(entity: Entity): EntityList {
  // The location and navigate rather than useSearchParams, which would add to the sign-in bundle.
  const location = useLocation();
  const navigate = useNavigate();
  const url = readListUrl(entity, new URLSearchParams(location.search));
  const access = useEntityAccess(entity);
  const queryClient = useQueryClient();
  const unpaged = entity.paging === 'none';
  const infinite = entity.paging === 'infinite';
  // A search without a chosen order keeps the server's best-match order.
  const sort = unpaged ? null : (url.sort ?? (url.search ? null : DEFAULT_SORT));
  const layout = useListLayout(`entity.${entity.name}`);
  const pageSize = unpaged ? MAX_PAGE_SIZE : layout.pageSize;
  const allColumns = listColumns(entity);
  const base = { size: pageSize, ...(sort ? { sort: [`${sort.field},${sort.order}`] } : {}) };
  const queries = entityQueries(entity);

  const paged = useQuery({
    ...(url.search
      ? queries.search(url.search, { ...base, page: unpaged ? 0 : url.page - 1 })
      : queries.list({ ...base, page: unpaged ? 0 : url.page - 1 })),
    enabled: access.read && !infinite,
  });
  const scrolled = useInfiniteQuery({
    ...queries.infinite({ ...base, query: url.search }),
    enabled: access.read && infinite,
  });
  const current = infinite ? scrolled : paged;
  const rows = (infinite ? scrolled.data?.pages.flatMap((p) => p.rows) : paged.data?.rows) ?? [];
  const total = (infinite ? scrolled.data?.pages[0]?.total : paged.data?.total) ?? 0;
  const exact = (infinite ? scrolled.data?.pages[0]?.exact : paged.data?.exact) !== false;
  const source = infinite ? scrolled.data?.pages[0]?.source : paged.data?.source;

  // The box follows the address when it changes (back button, a link), and keeps typing otherwise.
  const [draft, setDraft] = useState(url.search);
  const [shownSearch, setShownSearch] = useState(url.search);
  if (shownSearch !== url.search) {
    setShownSearch(url.search);
    setDraft(url.search);
  }

  const change = useCallback(
    (next: Partial<ListUrlState>) =>
      void navigate({
        pathname: location.pathname,
        search: `?${writeListUrl(new URLSearchParams(location.search), next)}`,
      }),
    [navigate, location.pathname, location.search],
  );
  // Spec part 1 §2.3: the address carries the page and the order, the default one included (a search
  // keeps its best-match order).
  const writeDefault = !unpaged && !url.search && !url.sort;
  const { pathname, search } = location;
  useEffect(() => {
    if (!writeDefault) return;
    const next = writeListUrl(new URLSearchParams(search), {
      sort: DEFAULT_SORT,
      ...(infinite ? {} : { page: url.page }),
    });
    void navigate({ pathname, search: `?${next}` }, { replace: true });
  }, [writeDefault, navigate, pathname, search, infinite, url.page]);

  // Clearing reloads the plain list (spec part 1 §2.3), even when a copy of it is cached.
  const clearSearch = () => {
    setDraft('');
    void queryClient.invalidateQueries({ queryKey: queries.all });
    change({ search: '', page: 1 });
  };
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = scrolled;
  // Stable, so that the bottom-of-list effect runs when visibility changes, not on every render.
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  return {
    entity,
    source,
    access,
    columns: allColumns.filter((field) => !layout.hidden.has(field.name)),
    allColumns,
    layout,
    rows,
    total,
    exact,
    page: url.page,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    pageSize,
    sort,
    search: url.search,
    draft,
    setDraft,
    // Only text searches; an empty box brings the plain list back (spec part 1 §2.3).
    submitSearch: () => (draft.trim() ? change({ search: draft.trim(), page: 1 }) : clearSearch()),
    clearSearch,
    setPage: (page) => change({ page }),
    toggleSort: (field) => change({ sort: nextSort(sort, field), page: 1 }),
    isLoading: access.read && current.isPending,
    isFetching: current.isFetching,
    isError: current.isError,
    retry: () => void current.refetch(),
    hasMore: infinite && hasNextPage,
    isLoadingMore: isFetchingNextPage,
    loadMore,
  };
}
