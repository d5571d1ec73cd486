// The one-time code that hands a directory sign-in to the web app: the callback cannot put the token in
// a URL (history, logs, Referer), so it leaves a code the web app redeems once, within 60 seconds, for
// the token. Stored as a SHA-256 digest in the database, so that any instance redeems it.
// A code alone would let someone send their own fresh code to another person's browser and sign it in
// as themselves (login CSRF): it is also bound to the browser that finished the sign-in, by a cookie
// set with it that only this site's own requests carry.
import crypto from 'node:crypto';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { Queryable } from '../../db/database';
import { keyDigest } from '../account/keys';

export const HANDOFF_SECONDS = 60;
export const HANDOFF_PATH = '/api/authenticate/oidc';
const COOKIE = 'bank_oidc_handoff';

const random = () => crypto.randomBytes(32).toString('base64url');

const cookie = (value: string, maxAge: number, secure: boolean) =>
  stringifySetCookie({ name: COOKIE, value, httpOnly: true, sameSite: 'lax', path: HANDOFF_PATH, maxAge, secure });

/**
 * A new code (256 random bits, base64url) for the session `sessionId` of `login`, and the Set-Cookie
 * header that binds it to this browser.
 */
export async function createHandoff(
  db: Queryable,
  sessionId: string,
  login: string,
  secure: boolean,
): Promise<{ code: string; setCookie: string }> {
  const code = random();
  const browser = random();
  // Expired codes are useless: dropped here rather than by a timer.
  await db.query(`delete from oidc_handoff where expires_at < now()`);
  await db.query(
    `insert into oidc_handoff (code_digest, browser_digest, session_id, login, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
    [keyDigest(code), keyDigest(browser), sessionId, login, HANDOFF_SECONDS],
  );
  return { code, setCookie: cookie(browser, HANDOFF_SECONDS, secure) };
}

/** Sent with the redemption's answer: the binding is spent, whatever the outcome. */
export const clearHandoffCookie = (secure: boolean) => cookie('', 0, secure);

/**
 * The session a live, unused code names, when this browser holds its cookie; marked used in the same
 * statement (so twice is once). Else null.
 */
export async function redeemHandoff(
  db: Queryable,
  code: string,
  cookieHeader: string | undefined,
): Promise<{ sessionId: string; login: string } | null> {
  const browser = cookieHeader ? parseCookie(cookieHeader)[COOKIE] : undefined;
  if (!browser) return null;
  const [row] = await db.query<{ session_id: string; login: string }>(
    `update oidc_handoff set used_at = now()
      where code_digest = $1 and browser_digest = $2 and used_at is null and expires_at > now()
      returning session_id, login`,
    [keyDigest(code), keyDigest(browser)],
  );
  return row ? { sessionId: row.session_id, login: row.login } : null;
}
