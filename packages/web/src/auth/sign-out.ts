// Sign-out: drop the token, the session and every cached answer of the signed-in user.
import type { QueryClient } from '@tanstack/react-query';
import { setUnauthenticatedHandler } from '../api/http-client';
import { profileKey } from '../api/management';
import { sessionKey } from '../api/session';
import { clearToken } from '../api/token-storage';
import { setAuthNotice } from './auth-notice';

/** The profile (environment) is public and stays; everything else belonged to the user. */
const keptQueries = new Set<unknown>([sessionKey[0], profileKey[0]]);

export function signOut(queryClient: QueryClient, notice: string | null = null): void {
  clearToken();
  setAuthNotice(notice);
  // Set the session first so mounted observers see "signed out" before the cache is emptied.
  queryClient.setQueryData(sessionKey, null);
  queryClient.removeQueries({ predicate: (query) => !keptQueries.has(query.queryKey[0]) });
}

/** A 401 or 403 on any call made with a token signs out (spec part 1 section 8); a 401 says why on /login. */
export function signOutWhenUnauthenticated(queryClient: QueryClient): void {
  setUnauthenticatedHandler((status) =>
    signOut(queryClient, status === 401 ? 'login.error.unauthorized' : 'error.http.403'),
  );
}
