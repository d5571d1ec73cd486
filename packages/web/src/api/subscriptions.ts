// The account-subscription calls (spec part 2 §2.6, §2.9, DESIGN.md §5): the two filtered staff
// lists (newest first), the packs the selector offers, the customer check and the save.
import { keepPreviousData, mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { EntityBody, EntityRow } from './entities';
import { requestData } from './http-client';
import { fetchPage, MANAGER_KEY, type PageParams } from './pending';

/** Filter values by name (client subscriptions: name, email, reference, rib, type; requests: also phoneNumber). */
export type ListFilters = Record<string, string>;

export interface CustomerCheck {
  iban: string;
  login: string;
  email: string;
}

export interface CheckAnswer {
  status: number;
  message: string;
}

export interface SavedSubscription {
  subsRequest: EntityRow;
  clientSubscription: EntityRow;
}

const SUBSCRIPTION_KEY = [...MANAGER_KEY, 'subscriptions'] as const;
/** Spec part 2 §9: these lists are always newest first. */
export const NEWEST_FIRST = ['createdAt,desc', 'id,desc'] as const;
/** The pack selector shows every visible pack; the catalogue is small (tens), this bounds it all the same. */
const PACK_SELECTOR_SIZE = 200;

/**
 * queryOptions factories of the subscription screens.
 * @example useQuery(subscriptionQueries.clientSubscriptions(filters, { page: 0, size: 20 }))
 */
export const subscriptionQueries = {
  // DESIGN.md §5: whatever is filled applies; the server answers the plain list when nothing is.
  clientSubscriptions: (filters: ListFilters, params: PageParams) =>
    queryOptions({
      queryKey: [...SUBSCRIPTION_KEY, 'client-subscriptions', params, filters],
      queryFn: ({ signal }) =>
        fetchPage('core/api/_search/ClientSubscription/filtre', filters, { ...params, sort: NEWEST_FIRST }, signal),
      placeholderData: keepPreviousData,
    }),
  /** Newest first unless `params` says otherwise (a work queue is worked oldest first). */
  subsRequests: (filters: ListFilters, params: PageParams) =>
    queryOptions({
      queryKey: [...SUBSCRIPTION_KEY, 'subs-requests', params, filters],
      queryFn: ({ signal }) =>
        fetchPage(
          'core/api/subscription-requests/filtre',
          filters,
          { ...params, sort: params.sort ?? NEWEST_FIRST },
          signal,
        ),
      placeholderData: keepPreviousData,
    }),
  /** The packs a subscription may take: the hidden ones left out (DESIGN.md §5), cheapest first. */
  selectablePacks: () =>
    queryOptions({
      queryKey: [...SUBSCRIPTION_KEY, 'packs'],
      queryFn: ({ signal }) =>
        fetchPage(
          'core/api/packs',
          { 'hidden.equals': false },
          { page: 0, size: PACK_SELECTOR_SIZE, sort: ['price,asc', 'id,asc'] },
          signal,
        ),
      select: (page) => page.rows,
      staleTime: 60_000,
    }),
};

/**
 * The customer check and the save of a new subscription request. The check's 400 is the form's to
 * show (warning modal with the server's message), so it makes no toast; the save's failure has its
 * own French message (spec part 2 §8), shown by the form.
 * @example await useMutation(subscriptionMutations(queryClient).check).mutateAsync({ iban, login, email })
 */
export function subscriptionMutations(queryClient: QueryClient) {
  return {
    check: mutationOptions({
      mutationFn: (body: CustomerCheck) =>
        requestData<CheckAnswer>('core/api/subs-requests/check', {
          method: 'POST',
          body,
          quietStatuses: [400],
        }),
    }),
    save: mutationOptions({
      mutationFn: (body: { subsRequestDTO: EntityBody; packId: number }) =>
        requestData<SavedSubscription>('core/api/subs-requests/save', {
          method: 'POST',
          body,
          errorMessage: false,
          successMessage: 'subscriptions.request.saved',
        }),
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: ['entities'] });
        await queryClient.invalidateQueries({ queryKey: MANAGER_KEY });
      },
    }),
  };
}
