// What the sign-in's two legs share (state, nonce, PKCE verifier, the page to return to) travels in a
// cookie of the browser that started it: encrypted and authenticated (JWE, A256GCM) with a key derived
// from the server's secret, valid 10 minutes. Stateless, so the directory may send the browser back to
// any instance behind the load balancer; and bound to that browser, so nobody can finish a sign-in in
// someone else's (login CSRF).
import crypto from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';
import { EncryptJWT, jwtDecrypt } from 'jose';

export const CALLBACK_PATH = '/login/oauth2/code/oidc';
const COOKIE = 'bank_oidc_flow';
const MAX_AGE_SECONDS = 600;

export interface Flow {
  state: string;
  nonce: string;
  verifier: string;
  /** A page of the web app (a path), checked by safeReturnPath. */
  returnTo: string;
}

/** The cookie's own key: never the JWT signing secret itself (one key, one use). */
export const flowKey = (serverSecret: Uint8Array) =>
  new Uint8Array(crypto.hkdfSync('sha256', serverSecret, new Uint8Array(0), 'bank oidc flow cookie', 32));

export async function flowCookie(flow: Flow, key: Uint8Array, secure: boolean): Promise<string> {
  const sealed = await new EncryptJWT({ ...flow })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt()
    .setExpirationTime(`${MAX_AGE_SECONDS}s`)
    .encrypt(key);
  return stringifySetCookie({
    name: COOKIE,
    value: sealed,
    httpOnly: true,
    // Lax: the directory sends the browser back with a top-level GET, which carries it.
    sameSite: 'lax',
    path: CALLBACK_PATH,
    maxAge: MAX_AGE_SECONDS,
    secure,
  });
}

/** Sent with every answer of the callback: a flow is finished once, whatever its outcome. */
export const clearFlowCookie = (secure: boolean) =>
  stringifySetCookie({
    name: COOKIE,
    value: '',
    httpOnly: true,
    sameSite: 'lax',
    path: CALLBACK_PATH,
    maxAge: 0,
    secure,
  });

/** The flow this browser started, or null when absent, tampered with, of another key or over 10 minutes old. */
export async function readFlow(cookieHeader: string | undefined, key: Uint8Array): Promise<Flow | null> {
  const sealed = cookieHeader ? parseCookie(cookieHeader)[COOKIE] : undefined;
  if (!sealed || sealed.length > 4096) return null;
  try {
    const { payload } = await jwtDecrypt(sealed, key, {
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
    });
    const { state, nonce, verifier, returnTo } = payload;
    if ([state, nonce, verifier, returnTo].some((v) => typeof v !== 'string')) return null;
    return { state, nonce, verifier, returnTo } as Flow;
  } catch {
    return null;
  }
}

/**
 * A path of this web app to go back to after sign-in, else home: never another site (`//host`, `/\host`,
 * `https:`), which would make the sign-in an open redirect.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > 512) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  if (/[\p{Cc}\\]/u.test(value) || /^\/(login|logout)\b/.test(value)) return '/';
  return value;
}

/** A request's URL as the request log shows it: the directory's answer (code, state) left out. */
export const loggedUrl = (url: string) => (url.startsWith(`${CALLBACK_PATH}?`) ? `${CALLBACK_PATH}?[not logged]` : url);
