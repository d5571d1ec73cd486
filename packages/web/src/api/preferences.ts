// The signed-in user's own preferences (api/account/preferences): read once a session, each change written
// at once to the server and to the cache, so that the screens follow it without reading it back.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { requestData } from './http-client';

/** Preferences by key; a value is always an object (a string body would travel as plain text). */
export type Preferences = Record<string, object>;

export const preferencesKey = ['preferences'] as const;

/** Asked with the session: without them, the lists use their defaults (a user who must first enrol gets 403). */
export function preferencesQuery() {
  return queryOptions({
    queryKey: preferencesKey,
    queryFn: ({ signal }) =>
      requestData<Preferences>('api/account/preferences', { signal, errorMessage: false, quietStatuses: [403] }),
    staleTime: Infinity,
  });
}

export function savePreference(queryClient: QueryClient, key: string, value: object): Promise<unknown> {
  queryClient.setQueryData<Preferences>(preferencesKey, (current) => ({ ...current, [key]: value }));
  return requestData(`api/account/preferences/${encodeURIComponent(key)}`, { method: 'PUT', body: value });
}
