// The staff list controller: the status view, the page, the order and the list's filters kept in the
// address (the view's own order unless a heading was clicked), rows through the manager query factories,
// the selected rows, and whether the user may decide.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { EntityRow } from '../../api/entities';
import type { ListFilterValues } from '../../api/manager';
import { keptLayout, useListLayout } from '../../engine/list-layout';
import { nextSort } from '../../engine/list-url';
import { useSession } from '../../auth/use-session';
import { useCanDecide } from '../../workflow/use-can-decide';
import { readRequestListAddress, requestLayoutName, requestListQuery } from './request-list-query';
import type { RequestType } from './request-types';

/** The rows ticked for export, kept across pages (a Map keeps the order they were ticked in). */
function useSelection() {
  const [selected, setSelected] = useState<ReadonlyMap<number, EntityRow>>(new Map());
  const toggle = (rows: readonly EntityRow[], on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const row of rows) {
        if (on) next.set(row.id, row);
        else next.delete(row.id);
      }
      return next;
    });
  return { selected, toggle, clear: () => setSelected(new Map()) };
}

export function useRequestList(type: RequestType) {
  const [params, setParams] = useSearchParams();
  const { account } = useSession();
  const layout = useListLayout(requestLayoutName(type));
  const address = { ...readRequestListAddress(type, params, account?.authorities ?? []), pageSize: layout.pageSize };
  const { status, page, names, filters, sort } = address;
  const query = useQuery(requestListQuery(type, address));
  const selection = useSelection();
  const total = query.data?.total ?? 0;
  return {
    rows: query.data?.rows ?? [],
    total,
    /** Where the rows come from (path and query without paging): what the export reads. */
    source: query.data?.source,
    /** False when `total` is a lower bound (a broad filter on a large table). */
    exact: query.data?.exact !== false,
    /** The status view shown ('queue', 'second', 'all' or a status): its rows, and what the filter shows chosen. */
    status,
    page,
    pageCount: Math.max(1, Math.ceil(total / layout.pageSize)),
    pageSize: layout.pageSize,
    layout,
    filters,
    /** The order a heading chose; null for newest first. */
    sort,
    selection,
    canDecide: useCanDecide(type.entity.name),
    isLoading: query.isPending,
    isError: query.isError,
    retry: () => void query.refetch(),
    setPage: (next: number) =>
      setParams((current) => {
        current.set('page', String(next));
        return current;
      }),
    /** A heading click: the same column flips its order, another starts ascending; back to page 1. */
    toggleSort: (field: string) =>
      setParams((current) => {
        const next = nextSort(sort, field);
        current.set('sort', `${next.field},${next.order}`);
        current.set('page', '1');
        return current;
      }),
    /** Another status view, back to page 1 with nothing selected; the filters and the order stay. */
    setStatus: (next: string) => {
      selection.clear();
      setParams((current) => {
        current.set('status', next);
        current.delete('page');
        return current;
      });
    },
    /** Runs on submit whatever is filled (DESIGN.md §5), back to page 1, nothing selected; view and order stay. */
    applyFilters: (next: ListFilterValues) => {
      selection.clear();
      setParams((current) => {
        const search = new URLSearchParams({ status, ...keptLayout(current) });
        for (const name of names) if (next[name]?.trim()) search.set(name, next[name].trim());
        if (sort) search.set('sort', `${sort.field},${sort.order}`);
        return search;
      });
    },
  };
}

export type RequestListController = ReturnType<typeof useRequestList>;
