// One-time account keys (activation, password reset) and the links that carry them to the web app.
// Only a SHA-256 digest is stored, so a copy of the database does not let anyone take over an account.
import crypto from 'node:crypto';
import type { Config } from '../../config';

/** A password-reset key works once and for this long (JHipster's rule). */
export const RESET_KEY_HOURS = 24;

/** A key as a request carries it; anything that is not a live key is answered with the same business error. */
export const KEY_SCHEMA = { type: 'string', minLength: 1, maxLength: 200 } as const;

export const keyDigest = (key: string) => crypto.createHash('sha256').update(key).digest('hex');

/** 160 random bits in base64url, and the digest that is stored. */
export function newAccountKey(): { key: string; digest: string } {
  const key = crypto.randomBytes(20).toString('base64url');
  return { key, digest: keyDigest(key) };
}

export const activationLink = (config: Config, key: string) => `${config.publicUrl}/activate/${key}`;
export const resetLink = (config: Config, key: string) => `${config.publicUrl}/reset/finish/${key}`;
