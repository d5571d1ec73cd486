// Operations endpoints (spec part 1 section 7.3): the application profile and health; the books' check.
import { queryOptions } from '@tanstack/react-query';
import { requestData } from './http-client';
import type { Health, LedgerReport, ProfileInfo } from './types';

export const profileKey = ['profile'] as const;

/** The profile drives the environment ribbon; fetched at start, silent when unavailable. */
export function profileQuery() {
  return queryOptions({
    queryKey: profileKey,
    queryFn: ({ signal }) => requestData<ProfileInfo>('management/info', { signal, errorMessage: false }),
    staleTime: Infinity,
  });
}

/** A DOWN system answers 503 with the same report, which the page shows rather than a toast. */
export function healthQuery() {
  return queryOptions({
    queryKey: ['management', 'health'],
    queryFn: ({ signal }) => requestData<Health>('management/health', { signal, okStatuses: [503] }),
  });
}

/** The books' check reads every account and posting: seconds at bank scale, so it runs when asked. */
export function ledgerQuery() {
  return queryOptions({
    queryKey: ['management', 'ledger'],
    queryFn: ({ signal }) => requestData<LedgerReport>('management/ledger', { signal }),
    staleTime: Infinity,
  });
}
