// The account views of the client file (spec part 2 §2.3–2.5): an account's transactions modal
// (`transactions/_search/modal`) and its transfers modal (the transfer criteria with the account).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { fetchPage, MANAGER_KEY, type PageParams } from './pending';

/** Transactions modal filters: amount, day (YYYY-MM-DD), direction C/D, reference. */
export type TransactionFilters = Record<'montant' | 'date' | 'type' | 'reference', string>;
/** Transfers modal filters: status ('' for all), amount, day, reference (the transfer's number). */
export type AccountTransferFilters = Record<'status' | 'montant' | 'date' | 'reference', string>;

/**
 * queryOptions factories of an account's modals; keys under the staff key, so a decision refreshes them.
 * @example useQuery(moneyQueries.transactions(12, { montant: '', date: '', type: 'C', reference: '' }, { page: 0, size: 10 }))
 */
export const moneyQueries = {
  transactions: (accountId: number, filters: TransactionFilters, params: PageParams) =>
    queryOptions({
      queryKey: [...MANAGER_KEY, 'account-transactions', accountId, params, filters],
      queryFn: ({ signal }) =>
        fetchPage(
          'core/api/transactions/_search/modal',
          {
            bankaccount: accountId,
            montant: filters.montant,
            enddate: filters.date,
            type: filters.type,
            reference: filters.reference,
          },
          params,
          signal,
        ),
      placeholderData: keepPreviousData,
    }),
  transfers: (accountId: number, filters: AccountTransferFilters, params: PageParams) =>
    queryOptions({
      queryKey: [...MANAGER_KEY, 'account-transfers', accountId, params, filters],
      queryFn: ({ signal }) =>
        fetchPage(
          'core/api/criterial_search/transfers',
          {
            bankaccount: accountId,
            status: filters.status,
            montant: filters.montant,
            // One day: from its start to its end.
            startdate: filters.date,
            enddate: filters.date,
            id: filters.reference,
          },
          params,
          signal,
        ),
      placeholderData: keepPreviousData,
    }),
};
