// Sign-in and the session (spec part 1 section 7.1): POST api/authenticate, GET api/account.
import { queryOptions } from '@tanstack/react-query';
import { request, requestData } from './http-client';
import { isHttpError } from './http-error';
import { clearToken, getToken, storeToken } from './token-storage';
import type { Account, Credentials } from './types';

export const sessionKey = ['session'] as const;

/**
 * The signed-in account, or null when signed out. A 401 here is silent and drops a stale token;
 * without a token the answer is known, so no call (and no 401 in the browser console).
 */
export async function fetchSession(signal?: AbortSignal): Promise<Account | null> {
  if (!getToken()) return null;
  try {
    return (await request<Account>('api/account', { signal, quietStatuses: [401] })).data;
  } catch (error) {
    if (!isHttpError(error, 401)) throw error;
    clearToken();
    return null;
  }
}

/** Fetched at start and kept until sign-in or sign-out replaces it. */
export function sessionQuery() {
  return queryOptions({
    queryKey: sessionKey,
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: Infinity,
  });
}

/** The second factor as the account page shows it, and whether this session may only enrol one. */
export interface MfaStatus {
  totp: boolean;
  recoveryCodesLeft: number;
  /** The user's role needs a second factor and none is active: every other call answers 403. */
  enrolmentRequired: boolean;
}

export const mfaStatusKey = ['account', 'mfa'] as const;

/** Asked beside the session: the shell shows only the enrolment page while `enrolmentRequired`. */
export function mfaStatusQuery() {
  return queryOptions({
    queryKey: mfaStatusKey,
    queryFn: ({ signal }) => requestData<MfaStatus>('api/account/mfa', { signal, errorMessage: false }),
    staleTime: Infinity,
  });
}

/** Stores the token from the Authorization header (or the body's id_token); a 401 is left to the sign-in page. */
export async function authenticate(credentials: Credentials): Promise<void> {
  const { headers, data } = await request<{ id_token?: string } | null>('api/authenticate', {
    method: 'POST',
    body: credentials,
    quietStatuses: [401],
  });
  const bearer = /^Bearer (.+)$/.exec(headers.get('Authorization') ?? '')?.[1];
  const token = bearer ?? data?.id_token;
  if (!token) throw new Error('login.messages.error.authentication');
  storeToken(token, credentials.rememberMe);
}

/** Ends the session on the server, so that its token is refused everywhere after; quiet whatever the answer. */
export async function endSession(): Promise<void> {
  if (!getToken()) return;
  const quiet = { errorMessage: false, quietStatuses: [401, 403], once: true } as const;
  await request('api/logout', { method: 'POST', ...quiet }).catch(() => {});
}
