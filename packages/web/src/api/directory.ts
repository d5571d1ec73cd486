// Sign-in through the bank's directory (OpenID Connect): the server runs the flow and hands the session to
// the web app with a one-time code, which this exchanges for the token (POST api/authenticate/oidc).
import { buildUrl, request } from './http-client';
import { storeToken } from './token-storage';

/** The address that starts a directory sign-in: a full page load, not a route of the app. */
export const directorySignInUrl = (returnTo: string) =>
  buildUrl('oauth2/authorization/oidc', returnTo === '/' ? undefined : { returnTo });

/** Why the server refused a directory sign-in (`/login?oidcError=`); anything else reads as `invalid`. */
export const DIRECTORY_REFUSALS = [
  'expired',
  'denied',
  'unavailable',
  'invalid',
  'noLogin',
  'noRole',
  'localAccount',
  'notActivated',
] as const;
export type DirectoryRefusal = (typeof DIRECTORY_REFUSALS)[number];

export const directoryRefusal = (value: string | null): DirectoryRefusal | null =>
  value === null
    ? null
    : (((DIRECTORY_REFUSALS as readonly string[]).includes(value) ? value : 'invalid') as DirectoryRefusal);

/**
 * Exchanges the hand-off code for the session's token and keeps it for the browser session (a directory
 * sign-in has no "remember me"). The server also wants its own cookie, which this site's fetch sends.
 */
export async function redeemDirectoryCode(code: string): Promise<void> {
  const { headers, data } = await request<{ id_token?: string } | null>('api/authenticate/oidc', {
    method: 'POST',
    body: { code },
    quietStatuses: [401],
  });
  const token = /^Bearer (.+)$/.exec(headers.get('Authorization') ?? '')?.[1] ?? data?.id_token;
  if (!token) throw new Error('oidc.error.expired');
  storeToken(token, false);
}
