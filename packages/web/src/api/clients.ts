// The header search's call (a client by account number, IBAN, code or name) and the client file's
// list of the client's requests of every type.
import { queryOptions, keepPreviousData } from '@tanstack/react-query';
import { requestData } from './http-client';
import { fetchPage, MANAGER_KEY, type PageParams } from './pending';

/** A client the header search found, with the account that matched (or its first one). */
export interface ClientMatch {
  id: number;
  name: string | null;
  clientCode: string | null;
  bankAccountNumber: string | null;
}

/** One request of a client: its type is the request entity's name. */
export interface ClientRequestRow {
  type: string;
  id: number;
  status: string | null;
  createdAt: string | null;
}

/** Clients shown at most while typing. */
export const QUICK_SEARCH_SIZE = 8;

/**
 * @example useQuery(clientQueries.quickSearch('SN08 1234'))
 */
export const clientQueries = {
  quickSearch: (text: string) =>
    queryOptions({
      queryKey: [...MANAGER_KEY, 'client-quick-search', text],
      queryFn: ({ signal }) =>
        requestData<ClientMatch[]>('core/api/_search/clients/quick', {
          query: { query: text, size: QUICK_SEARCH_SIZE },
          signal,
        }),
      enabled: text.trim() !== '',
      // The previous matches stay while the next keystroke's arrive: the list does not flicker.
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    }),
  requests: (clientId: number, params: PageParams) =>
    queryOptions({
      queryKey: [...MANAGER_KEY, 'client-requests', clientId, params],
      queryFn: async ({ signal }) => {
        const page = await fetchPage(`core/api/clients/${clientId}/requests`, {}, params, signal);
        return { ...page, rows: page.rows as unknown as ClientRequestRow[] };
      },
      placeholderData: keepPreviousData,
    }),
};
