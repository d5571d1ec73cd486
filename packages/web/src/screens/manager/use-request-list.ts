// The staff list controller: the page (and the beneficiary filters) kept in the address, newest
// first, rows through the manager query factories, and whether the user may decide.
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../api/entities';
import { managerQueries, type BeneficiaryFilters } from '../../api/manager';
import { useCanDecide } from '../../workflow/use-can-decide';
import type { RequestType } from './request-types';

export const BENEFICIARY_FILTERS = ['reference', 'name', 'rib', 'type'] as const;
/** Manager lists are newest first (DESIGN.md §5). */
const NEWEST_FIRST = ['createdAt,desc', 'id,desc'];

export function useRequestList(type: RequestType) {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filters = Object.fromEntries(
    BENEFICIARY_FILTERS.map((name) => [name, params.get(name) ?? '']),
  ) as BeneficiaryFilters;
  const paging = { page: page - 1, size: DEFAULT_PAGE_SIZE, sort: NEWEST_FIRST };
  const query = useQuery(
    type.filters ? managerQueries.beneficiaries(filters, paging) : managerQueries.requests(type.entity, paging),
  );
  const total = query.data?.total ?? 0;
  return {
    rows: query.data?.rows ?? [],
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / DEFAULT_PAGE_SIZE)),
    filters,
    canDecide: useCanDecide(type.entity.name),
    isLoading: query.isPending,
    isError: query.isError,
    retry: () => void query.refetch(),
    setPage: (next: number) =>
      setParams((current) => {
        current.set('page', String(next));
        return current;
      }),
    /** Runs on submit whatever is filled (spec part 1 §2.14), back to page 1. */
    applyFilters: (next: BeneficiaryFilters) =>
      setParams(() => {
        const search = new URLSearchParams();
        for (const name of BENEFICIARY_FILTERS) if (next[name].trim()) search.set(name, next[name].trim());
        return search;
      }),
  };
}

export type RequestListController = ReturnType<typeof useRequestList>;
