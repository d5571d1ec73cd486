// Address state of the admin lists: ?page=N (1-based, as displayed) and &sort=field,order, with the
// API's 0-based page and sort string derived from it.
import { useSearchParams } from 'react-router';

export type SortOrder = 'asc' | 'desc';
export interface Sort {
  field: string;
  order: SortOrder;
}

export interface PagedSort {
  page: number;
  sort: Sort;
  setPage: (page: number) => void;
  toggleSort: (field: string) => void;
  /** 0-based page, size and `field,order` for the API. */
  api: { page: number; size: number; sort: string };
}

export const ADMIN_PAGE_SIZE = 20;

export function usePagedSort(sortable: readonly string[], initial: Sort): PagedSort {
  const [params, setParams] = useSearchParams();
  const pageText = params.get('page') ?? '';
  const page = /^\d{1,6}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1;
  const [field = '', order = ''] = (params.get('sort') ?? '').split(',');
  const sort: Sort = sortable.includes(field) && (order === 'asc' || order === 'desc') ? { field, order } : initial;
  const update = (change: Record<string, string>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(change)) next.set(name, value);
      return next;
    });
  return {
    page,
    sort,
    setPage: (next) => update({ page: String(next) }),
    toggleSort: (name) =>
      update({ page: '1', sort: `${name},${sort.field === name && sort.order === 'asc' ? 'desc' : 'asc'}` }),
    api: { page: page - 1, size: ADMIN_PAGE_SIZE, sort: `${sort.field},${sort.order}` },
  };
}
