// The account views of the client file (spec part 2 §2.3–2.5): an account's transactions modal
// (`transactions/_search/modal`) and its transfers modal (the transfer criteria with the account), and
// what is read again once money moved on an account.
import { entityByName } from '@bank/domain';
import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import { entityQueries } from './entities';
import { fetchPage, MANAGER_KEY, type PageParams } from './pending';

const bankAccount = entityQueries(entityByName('bankAccount'));
const transaction = entityQueries(entityByName('transaction'));

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

/**
 * After money moved on an account (a decision posted, released or corrected it): its figures, its statement
 * (the transactions modal, the transaction lists) and its transfers are read again where they are shown.
 * @example await refreshAccount(queryClient, 12)
 */
export async function refreshAccount(queryClient: QueryClient, accountId: number): Promise<void> {
  await Promise.all(
    [
      bankAccount.get(accountId).queryKey,
      bankAccount.label(accountId).queryKey,
      transaction.all,
      [...MANAGER_KEY, 'account-transactions', accountId],
      [...MANAGER_KEY, 'account-transfers', accountId],
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
