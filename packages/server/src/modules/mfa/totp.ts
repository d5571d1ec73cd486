// The second factor (TOTP, RFC 6238, through the otpauth library): enrolment, the check of a code at
// sign-in (each code once), recovery codes, and removal. Secrets are encrypted at rest (AES-256-GCM).
import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { Queryable } from '../../db/database';

const ISSUER = 'Banque back-office';
const PERIOD = 30;
/** One step either side: a phone's clock a little off still works. */
const WINDOW = 1;
const RECOVERY_CODES = 10;
/** Base32 without look-alikes, 10 characters: 50 bits per code. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export class TotpStore {
  constructor(private readonly key: Uint8Array) {
    if (key.length < 32) throw new Error('The MFA encryption key must be at least 256 bits (32 bytes)');
  }

  private encrypt(text: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key.subarray(0, 32), iv);
    const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
  }

  private decrypt(stored: string): string {
    const bytes = Buffer.from(stored, 'base64');
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.key.subarray(0, 32), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  }

  private totp(secret: string, login: string) {
    return new TOTP({ issuer: ISSUER, label: login, secret: Secret.fromBase32(secret), period: PERIOD });
  }

  /** Whether the user has an active second factor. */
  async isActive(db: Queryable, userId: number): Promise<boolean> {
    const [row] = await db.query(`select 1 from user_mfa where user_id = $1 and activated_at is not null`, [userId]);
    return row !== undefined;
  }

  /**
   * A new secret, not active until a code from it is confirmed; replaces a pending one. Null when a
   * second factor is already active (it must be removed first, with a code).
   */
  async setup(db: Queryable, user: { id: number; login: string }) {
    if (await this.isActive(db, user.id)) return null;
    const secret = new Secret({ size: 20 }).base32;
    await db.query(
      `insert into user_mfa (user_id, secret) values ($1, $2)
       on conflict (user_id) do update set secret = excluded.secret, last_step = 0`,
      [user.id, this.encrypt(secret)],
    );
    return { secret, otpauthUri: this.totp(secret, user.login).toString() };
  }

  /**
   * Checks `code` against the user's secret (pending or active): accepted once, the time step it
   * belongs to is recorded so that the same code is refused after.
   */
  private async acceptCode(db: Queryable, user: { id: number; login: string }, code: string, active: boolean) {
    const [row] = await db.query<{ secret: string }>(
      `select secret from user_mfa where user_id = $1 and (activated_at is not null) = $2`,
      [user.id, active],
    );
    if (!row || !/^\d{6}$/.test(code)) return false;
    const delta = this.totp(this.decrypt(row.secret), user.login).validate({ token: code, window: WINDOW });
    if (delta === null) return false;
    const step = TOTP.counter({ period: PERIOD }) + delta;
    const taken = await db.query(
      `update user_mfa set last_step = $2 where user_id = $1 and last_step < $2 returning user_id`,
      [user.id, step],
    );
    return taken.length > 0;
  }

  /** Confirms the pending secret with a code from it; returns the recovery codes, shown once. */
  async activate(db: Queryable, user: { id: number; login: string }, code: string): Promise<string[] | null> {
    if (!(await this.acceptCode(db, user, code, false))) return null;
    await db.query(`update user_mfa set activated_at = now() where user_id = $1`, [user.id]);
    await db.query(`delete from user_recovery_code where user_id = $1`, [user.id]);
    const codes = Array.from({ length: RECOVERY_CODES }, () => {
      const chars = Array.from(crypto.randomBytes(10), (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]);
      return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
    });
    for (const recovery of codes)
      await db.query(`insert into user_recovery_code (user_id, code_digest) values ($1, $2)`, [
        user.id,
        digest(recovery),
      ]);
    return codes;
  }

  /** A code from the app, or an unused recovery code (then used up): what sign-in and removal ask. */
  async verify(db: Queryable, user: { id: number; login: string }, code: string): Promise<'totp' | 'recovery' | null> {
    const given = code.trim();
    if (await this.acceptCode(db, user, given, true)) return 'totp';
    const used = await db.query(
      `update user_recovery_code set used_at = now()
        where user_id = $1 and code_digest = $2 and used_at is null returning user_id`,
      [user.id, digest(given)],
    );
    return used.length > 0 ? 'recovery' : null;
  }

  /** Recovery codes not used yet: the security page says when to print new ones. */
  async recoveryCodesLeft(db: Queryable, userId: number): Promise<number> {
    const [row] = await db.query<{ left: number }>(
      `select count(*)::int as left from user_recovery_code where user_id = $1 and used_at is null`,
      [userId],
    );
    return row?.left ?? 0;
  }

  async remove(db: Queryable, userId: number): Promise<boolean> {
    await db.query(`delete from user_recovery_code where user_id = $1`, [userId]);
    return (await db.query(`delete from user_mfa where user_id = $1 returning user_id`, [userId])).length > 0;
  }
}

/** Recovery codes are compared without case, spaces or dashes (as a user types them). */
function digest(code: string): string {
  const normal = code.toUpperCase().replace(/[\s-]/g, '');
  return crypto.createHash('sha256').update(normal).digest('hex');
}
