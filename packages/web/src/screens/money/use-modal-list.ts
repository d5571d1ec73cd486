// The controller of an account modal's list: the filter draft, the filters applied on search, the page
// (1-based on screen), and the page of rows from the caller's query factory.
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useState } from 'react';
import type { EntityPage } from '../../api/entities';
import type { PageParams } from '../../api/pending';

export const MODAL_PAGE_SIZE = 10;

export function useModalList<F extends Record<string, string>, K extends QueryKey>(
  empty: F,
  options: (filters: F, params: PageParams) => UseQueryOptions<EntityPage, Error, EntityPage, K>,
) {
  const [draft, setDraft] = useState<F>(empty);
  const [applied, setApplied] = useState<F>(empty);
  const [page, setPage] = useState(1);
  const query = useQuery(options(applied, { page: page - 1, size: MODAL_PAGE_SIZE }));
  const total = query.data?.total ?? 0;
  return {
    draft,
    set: (name: string, value: string) => setDraft((current) => ({ ...current, [name]: value })),
    search: () => {
      setApplied(draft);
      setPage(1);
    },
    reset: () => {
      setDraft(empty);
      setApplied(empty);
      setPage(1);
    },
    rows: query.data?.rows ?? [],
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / MODAL_PAGE_SIZE)),
    setPage,
    isLoading: query.isPending,
    isError: query.isError,
    isFetching: query.isFetching,
  };
}

export type ModalList = ReturnType<typeof useModalList<Record<string, string>, QueryKey>>;
