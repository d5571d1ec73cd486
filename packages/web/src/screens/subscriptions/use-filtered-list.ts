// The controller of the two subscription lists: filters and page kept in the address, the page
// fetched by the screen's query factory (always newest first), and the total for the page buttons.
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { ListFilters, subscriptionQueries } from '../../api/subscriptions';
import { keptLayout, useListLayout } from '../../engine/list-layout';

/** `name`: what the list's layout is remembered under. */
export function useFilteredList(
  name: string,
  names: readonly string[],
  query: typeof subscriptionQueries.subsRequests,
) {
  const [params, setParams] = useSearchParams();
  const layout = useListLayout(name);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filters: ListFilters = Object.fromEntries(names.map((name) => [name, params.get(name) ?? '']));
  const result = useQuery(query(filters, { page: page - 1, size: layout.pageSize }));
  const total = result.data?.total ?? 0;
  return {
    rows: result.data?.rows ?? [],
    total,
    /** Where the rows come from (path and query without paging): what the export reads. */
    source: result.data?.source,
    page,
    pageCount: Math.max(1, Math.ceil(total / layout.pageSize)),
    pageSize: layout.pageSize,
    layout,
    filters,
    isLoading: result.isPending,
    isError: result.isError,
    retry: () => void result.refetch(),
    setPage: (next: number) =>
      setParams((current) => {
        current.set('page', String(next));
        return current;
      }),
    /** Whatever is filled applies (DESIGN.md §5), back to page 1; an empty form is the plain list. */
    applyFilters: (next: ListFilters) =>
      setParams((current) => {
        const search = new URLSearchParams(keptLayout(current));
        for (const name of names) if (next[name]?.trim()) search.set(name, next[name].trim());
        return search;
      }),
  };
}

export type FilteredList = ReturnType<typeof useFilteredList>;
