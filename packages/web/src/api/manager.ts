// The staff screens' calls: request lists with criteria, counts per status, the pending counts, request histories,
// the client search and file, the notification service, and the staff decision (PUT of the full row).
import { entityByName, workflowOf, type Entity } from '@bank/domain';
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { entityQueries, type EntityRow } from './entities';
import { requestData, type Query } from './http-client';
import { refreshAccount } from './money';
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

/** `GET <request path>/status-counts`. */
export interface StatusCounts {
  statuses: Record<string, number>;
  total: number;
  /** Four-eyes types: the requests waiting for this viewer's second validation. */
  secondValidation?: number;
}

export type ClientFilters = Record<'name' | 'email' | 'reference' | 'rib' | 'type', string>;
/** A staff list's filter values by name, as its criteria route reads them. */
export type ListFilterValues = Record<string, string>;

/** The criteria routes of the staff lists with filters (part 1 §2.14, part 2 §2.3), by request entity. */
const FILTERED_LISTS: Readonly<Record<string, string>> = {
  beneficiary: 'core/api/_search/beneficiaries/filtre',
  transfer: 'core/api/criterial_search/transfers',
  // The cash lists' search box (spec part 2 §2.14, §2.15): the generic search, the plain list when empty.
  beneficiaryCash: 'core/api/_search/beneficiary-cashes',
  provisionCash: 'core/api/_search/provision-cashes',
};

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
  /** A staff list through its criteria route: whatever is filled applies (DESIGN.md §5). */
  filtered: (entity: Entity, filters: ListFilterValues, params: PageParams) =>
    queryOptions({
      queryKey: [...MANAGER_KEY, 'requests', entity.name, params, filters as Query],
      queryFn: ({ signal }) => {
        const path = FILTERED_LISTS[entity.name];
        if (!path) throw new Error(`No criteria route for ${entity.name}`);
        return fetchPage(path, filters, params, signal);
      },
      placeholderData: keepPreviousData,
    }),
  /**
   * The requests waiting for the viewer's second validation under the four-eyes rule (not those they
   * approved), with the list's filters (created between two days, reference, search text).
   */
  secondValidation: (entity: Entity, filters: ListFilterValues, params: PageParams) =>
    queryOptions({
      queryKey: [...MANAGER_KEY, 'requests', entity.name, params, { ...filters, view: 'second' } as Query],
      queryFn: ({ signal }) => fetchPage(`${entity.path}/second-validation`, filters, params, signal),
      placeholderData: keepPreviousData,
    }),
  /** A request type's rows per status (the server's row counters), and the viewer's second validations. */
  statusCounts: (entity: Entity) =>
    queryOptions({
      queryKey: [...MANAGER_KEY, 'status-counts', entity.name],
      queryFn: ({ signal }) => requestData<StatusCounts>(`${entity.path}/status-counts`, { signal }),
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
 * What a decision form tells under its observation, as the rule it broke, instead of a toast: the same
 * person validating twice, the filer deciding, no senior validator, an account that cannot give the amount,
 * a request already posted or released.
 */
export const DECISION_REFUSALS: readonly string[] = [
  'error.sameApprover',
  'error.makerChecker',
  'error.seniorApproval',
  'error.insufficientFunds',
  'error.accountClosed',
  'error.sameAccount',
  'error.noOpenHold',
  'error.alreadyPosted',
];

/** The bank accounts a request names (its refs to bankAccount), as ids. */
function accountsOf(entity: Entity, row: EntityRow): number[] {
  return entity.fields
    .filter((field) => field.kind === 'ref' && field.ref === 'bankAccount')
    .map((field) => {
      const value = row[field.name];
      return Number(value !== null && typeof value === 'object' ? (value as { id?: unknown }).id : value);
    })
    .filter((id) => Number.isInteger(id) && id > 0);
}

/** A validation the four-eyes rule kept waiting: the first of the two a large amount needs. */
function isFirstApproval(entity: Entity, sent: EntityRow, saved: unknown): boolean {
  const workflow = workflowOf(entity.name);
  const rule = workflow?.fourEyes;
  if (!workflow || !rule || sent[workflow.status] !== rule.approve) return false;
  return (saved as EntityRow | null)?.[workflow.status] === rule.waiting;
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
            successMessage: (saved) =>
              isFirstApproval(entity, row, saved) ? 'manager.fourEyes.firstSaved' : 'manager.form.saved',
            // The form shows its own message for a stale version and reloads the row, and its refusals.
            quietStatuses: [409],
            quietMessages: DECISION_REFUSALS,
          }),
        onSuccess: async (saved: EntityRow) => {
          await refreshAfterChange(queryClient, entity);
          // A decision may move money on the request's account (posted, released, corrected).
          await Promise.all(accountsOf(entity, saved).map((id) => refreshAccount(queryClient, id)));
        },
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
