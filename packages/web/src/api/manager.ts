// The staff screens' calls: request lists with criteria, the pending counts, request histories,
// the client search and file, the notification service, and the staff decision (PUT of the full row).
import { entityByName, type Entity } from '@bank/domain';
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { entityQueries, type EntityRow } from './entities';
import { requestData, type Query } from './http-client';
import { fetchPage, MANAGER_KEY, type PageParams } from './pending';

export { MANAGER_KEY, type PageParams } from './pending';

export interface NotificationSubscription {
  id: number | null;
  phoneNumber: string;
  paiement: boolean;
  retrait: boolean;
  salaire: boolean;
  versement: boolean;
  virement: boolean;
}

export type ClientFilters = Record<'name' | 'email' | 'reference' | 'rib' | 'type', string>;
export type BeneficiaryFilters = Record<'name' | 'reference' | 'rib' | 'type', string>;

const filled = (filters: Record<string, string>) => Object.values(filters).some((value) => value.trim() !== '');

/**
 * queryOptions factories of the staff screens.
 * @example useQuery(managerQueries.requests(cardOrder, { page: 0, size: 20, sort: ['createdAt,desc'] }))
 */
export const managerQueries = {
  requests: (entity: Entity, params: PageParams, criteria: Query = {}) =>
    queryOptions({
      queryKey: [...MANAGER_KEY, 'requests', entity.name, params, criteria],
      queryFn: ({ signal }) => fetchPage(entity.path, criteria, params, signal),
      placeholderData: keepPreviousData,
    }),
  beneficiaries: (filters: BeneficiaryFilters, params: PageParams) =>
    queryOptions({
      queryKey: [...MANAGER_KEY, 'requests', 'beneficiary', params, filters as Query],
      queryFn: ({ signal }) => fetchPage('core/api/_search/beneficiaries/filtre', filters, params, signal),
      placeholderData: keepPreviousData,
    }),
  // DESIGN.md §5: whatever is filled applies; an empty form is the plain paged list.
  clients: (filters: ClientFilters, params: PageParams) =>
    queryOptions({
      queryKey: [...MANAGER_KEY, 'clients', params, filters],
      queryFn: ({ signal }) =>
        filled(filters)
          ? fetchPage('core/api/_search/clients/filtre', filters, params, signal)
          : fetchPage('core/api/clients/getAllPageable', {}, params, signal),
      placeholderData: keepPreviousData,
    }),
  story: (logEntity: Entity, requestId: number) =>
    queryOptions({
      queryKey: [...MANAGER_KEY, 'story', logEntity.name, requestId],
      queryFn: ({ signal }) =>
        requestData<EntityRow[]>(`${logEntity.path}/story/${requestId}`, { method: 'POST', signal }),
    }),
  clientAccounts: (clientId: number) =>
    queryOptions({
      queryKey: [...MANAGER_KEY, 'client-accounts', clientId],
      queryFn: ({ signal }) =>
        fetchPage(`core/api/bank-accounts/client/${clientId}`, {}, { page: 0, size: 100 }, signal),
    }),
  serenityUsers: (clientId: number) =>
    queryOptions({
      queryKey: [...MANAGER_KEY, 'serenity-users', clientId],
      queryFn: ({ signal }) => requestData<EntityRow[]>(`core/api/serenity-users/info/${clientId}`, { signal }),
    }),
  subscription: (serenityUserId: number) =>
    queryOptions({
      queryKey: [...MANAGER_KEY, 'subscription', serenityUserId],
      queryFn: ({ signal }) =>
        requestData<NotificationSubscription>(`core/api/notification/subscriptions/${serenityUserId}`, { signal }),
    }),
};

/** After a staff change: every staff list, count and history, and the entity's generic queries. */
async function refreshAfterChange(queryClient: QueryClient, entity: Entity): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: entityQueries(entity).all });
  await queryClient.invalidateQueries({ queryKey: MANAGER_KEY });
}

/**
 * The staff writes: a decision on a request (full row with version), a notification subscription,
 * a serenity user's email.
 * @example useMutation(managerMutations(queryClient).decide(cardOrder))
 */
export function managerMutations(queryClient: QueryClient) {
  return {
    decide: (entity: Entity) =>
      mutationOptions({
        mutationFn: (row: EntityRow) =>
          requestData<EntityRow>(`${entity.path}/${row.id}`, {
            method: 'PUT',
            body: row,
            errorContext: { entity: entity.name },
            successMessage: 'manager.form.saved',
            // The form shows its own message for a stale version and reloads the row.
            quietStatuses: [409],
          }),
        onSuccess: () => refreshAfterChange(queryClient, entity),
      }),
    saveSubscription: (serenityUserId: number) =>
      mutationOptions({
        mutationFn: (body: NotificationSubscription) =>
          requestData<NotificationSubscription>(`core/api/notification/subscriptions/${serenityUserId}`, {
            method: 'PUT',
            body,
            successMessage: 'manager.clientFile.phoneSaved',
          }),
        onSuccess: () => refreshAfterChange(queryClient, entityByName('notificationSubscription')),
      }),
    saveSerenityUser: () =>
      mutationOptions({
        mutationFn: (row: EntityRow) =>
          requestData<EntityRow>(`core/api/serenity-users/${row.id}`, {
            method: 'PUT',
            body: row,
            errorContext: { entity: 'serenityUser' },
          }),
        onSuccess: () => refreshAfterChange(queryClient, entityByName('serenityUser')),
      }),
  };
}
