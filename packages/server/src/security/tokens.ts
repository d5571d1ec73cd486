// JWT issue and check: HS256 pinned, expiry enforced, secret of at least 256 bits.
import crypto from 'node:crypto';
import { SignJWT } from 'jose';

const ALGORITHM = 'HS256';
const DAY_SECONDS = 24 * 60 * 60;
export const TOKEN_VALIDITY_SECONDS = DAY_SECONDS;
export const REMEMBER_ME_VALIDITY_SECONDS = 30 * DAY_SECONDS;

export interface TokenClaims {
  login: string;
  authorities: string[];
  /** The server-side session the token belongs to (staff_session.id). */
  sessionId: string;
}

export interface TokenService {
  issue(claims: TokenClaims, rememberMe: boolean): Promise<string>;
  /** Returns the claims of a valid token, or null for a bad, tampered or expired one (in-process: no await). */
  check(token: string): TokenClaims | null;
}

const decodePart = (part: string): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
};

/**
 * Checks an HS256 token in-process: every request carries one, and WebCrypto (jose's verify) costs a
 * key import and a thread-pool round trip each time. Same rules as jose: alg pinned, no `crit`,
 * signature compared in constant time, `exp` required and in the future, `nbf` honoured.
 */
function verifyHs256(token: string, secret: Uint8Array): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]+$/.test(p))) return null;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodePart(headerPart);
  if (!header || header.alg !== ALGORITHM || 'crit' in header) return null;
  const expected = crypto.createHmac('sha256', secret).update(`${headerPart}.${payloadPart}`).digest();
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  const payload = decodePart(payloadPart);
  const now = Math.floor(Date.now() / 1000);
  if (!payload || typeof payload.exp !== 'number' || payload.exp <= now) return null;
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || payload.nbf > now)) return null;
  return payload;
}

/** Verified tokens kept; beyond, the cache starts again (a bound on memory, not a policy). */
const VERIFIED_TOKENS = 1000;

export function createTokenService(secret: Uint8Array): TokenService {
  if (secret.length < 32) throw new Error('The JWT secret must be at least 256 bits (32 bytes)');
  // A staff member's token comes with every call: its signature is checked once, its expiry each time.
  const verified = new Map<string, { claims: TokenClaims; exp: number }>();
  return {
    async issue(claims, rememberMe) {
      const validity = rememberMe ? REMEMBER_ME_VALIDITY_SECONDS : TOKEN_VALIDITY_SECONDS;
      return new SignJWT({ auth: claims.authorities.join(','), sid: claims.sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(claims.login)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + validity)
        .sign(secret);
    },
    check(token) {
      const hit = verified.get(token);
      if (hit) return hit.exp > Math.floor(Date.now() / 1000) ? hit.claims : null;
      const payload = verifyHs256(token, secret);
      if (!payload || typeof payload.sub !== 'string' || typeof payload.auth !== 'string') return null;
      // A token without a session (issued before sessions existed) is no longer honoured.
      if (typeof payload.sid !== 'string' || payload.sid === '') return null;
      const claims = {
        login: payload.sub,
        authorities: payload.auth ? payload.auth.split(',') : [],
        sessionId: payload.sid,
      };
      if (verified.size >= VERIFIED_TOKENS) verified.clear();
      verified.set(token, { claims, exp: payload.exp as number });
      return claims;
    },
  };
}
