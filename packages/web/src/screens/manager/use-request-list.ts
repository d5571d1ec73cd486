// The staff list controller: the page and the list's filters kept in the address, newest first,
// rows through the manager query factories, the selected rows, and whether the user may decide.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE, type EntityRow } from '../../api/entities';
import { managerQueries, type ListFilterValues } from '../../api/manager';
import { useCanDecide } from '../../workflow/use-can-decide';
import type { RequestType } from './request-types';

/** Manager lists are newest first (DESIGN.md §5). */
const NEWEST_FIRST = ['createdAt,desc', 'id,desc'];

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
  const page = Math.max(1, Number(params.get('page')) || 1);
  const names = (type.filters ?? []).map((filter) => filter.name);
  const filters: ListFilterValues = Object.fromEntries(names.map((name) => [name, params.get(name) ?? '']));
  const paging = { page: page - 1, size: DEFAULT_PAGE_SIZE, sort: NEWEST_FIRST };
  const query = useQuery(
    type.filters ? managerQueries.filtered(type.entity, filters, paging) : managerQueries.requests(type.entity, paging),
  );
  const selection = useSelection();
  const total = query.data?.total ?? 0;
  return {
    rows: query.data?.rows ?? [],
    total,
    /** False when `total` is a lower bound (a broad filter on a large table). */
    exact: query.data?.exact !== false,
    page,
    pageCount: Math.max(1, Math.ceil(total / DEFAULT_PAGE_SIZE)),
    filters,
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
    /** Runs on submit whatever is filled (DESIGN.md §5), back to page 1 with nothing selected. */
    applyFilters: (next: ListFilterValues) => {
      selection.clear();
      setParams(() => {
        const search = new URLSearchParams();
        for (const name of names) if (next[name]?.trim()) search.set(name, next[name].trim());
        return search;
      });
    },
  };
}

export type RequestListController = ReturnType<typeof useRequestList>;
