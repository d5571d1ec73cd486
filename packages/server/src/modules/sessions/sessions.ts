// Server-side staff sessions (ASVS V3.3, PCI DSS 8.2.8). Every sign-in opens a row of staff_session and
// its token names it; the access gate asks this store whether the session still holds. A session ends
// on sign-out, after SESSION_IDLE_MINUTES without use, SESSION_MAX_HOURS after it began, when the
// account changes (password, roles, deactivation, deletion), or when a sign-in would open more than
// SESSIONS_PER_USER for its login (the oldest ends). The table is shared by every instance.
import crypto from 'node:crypto';
import type { Database, Queryable } from '../../db/database';
import type { EventBus } from '../events/bus';

/** How the user proved who they are. */
export type SignInMethod = 'password' | 'totp' | 'oidc';

/** Why a session ended: kept on its row for the auditors. */
export type EndReason =
  | 'logout'
  | 'idle'
  | 'maxAge'
  | 'revoked'
  | 'adminRevoked'
  | 'passwordChanged'
  | 'passwordReset'
  | 'deactivated'
  | 'rolesChanged'
  | 'loginChanged'
  | 'deleted'
  | 'mfaReset'
  | 'superseded';

export interface SessionLimits {
  idleMs: number;
  maxMs: number;
  /** Open sessions one login may hold; a sign-in past it ends the oldest. */
  perUser: number;
}

export interface SessionDto {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  ip: string | null;
  userAgent: string | null;
  method: SignInMethod;
  current: boolean;
}

interface Cached {
  login: string;
  method: SignInMethod;
  createdAt: number;
  lastSeenAt: number;
  ended: boolean;
  expires: number;
}

/** How long an instance trusts what it read of a session; ends travel on the bus much sooner. */
const CACHE_MS = 5_000;
const MAX_CACHED = 20_000;

export class SessionStore {
  private readonly cache = new Map<string, Cached>();
  /** Last use seen by this instance, per session, not yet written. */
  private readonly seen = new Map<string, number>();
  private readonly flushTimer: NodeJS.Timeout;
  /**
   * "Last seen" is written in one batch per interval, off the request path: at most once a minute per
   * session, and often enough (a quarter of the idle limit) that another instance never thinks a
   * session idle while it is in use here.
   */
  readonly flushEveryMs: number;

  constructor(
    private readonly db: Database,
    private readonly bus: EventBus,
    readonly limits: SessionLimits,
  ) {
    this.flushEveryMs = Math.max(250, Math.min(60_000, limits.idleMs / 4));
    this.flushTimer = setInterval(() => void this.flush().catch(() => {}), this.flushEveryMs);
    this.flushTimer.unref();
    bus.subscribe((event) => {
      if (event.type !== 'account') return;
      const login = event.login.toLowerCase();
      for (const [id, entry] of this.cache) if (entry.login.toLowerCase() === login) this.cache.delete(id);
    });
  }

  async open(
    db: Queryable,
    user: { id: number; login: string },
    from: { ip: string; userAgent: string | undefined },
    method: SignInMethod,
  ): Promise<string> {
    const id = crypto.randomBytes(18).toString('base64url');
    await db.query(
      `insert into staff_session (id, user_id, login, ip, user_agent, method) values ($1, $2, $3, $4, $5, $6)`,
      [id, user.id, user.login, from.ip.slice(0, 64), from.userAgent?.slice(0, 512) ?? null, method],
    );
    // A login's sessions stay few: tokens left on machines nobody watches end, oldest first, as new ones start.
    const ended = await db.query<{ id: string }>(
      `update staff_session set ended_at = now(), end_reason = 'superseded'
        where id in (select id from staff_session
                      where lower(login) = lower($1) and ended_at is null and id <> $2
                      order by created_at desc offset $3)
        returning id`,
      [user.login, id, this.limits.perUser - 1],
    );
    for (const { id: old } of ended) {
      this.seen.delete(old);
      this.cache.delete(old);
    }
    if (ended.length > 0) await this.bus.publish({ type: 'account', login: user.login });
    return id;
  }

  /**
   * How the session `id` of `login` signed in, while it holds; null once it has ended (an idle or too old
   * one is ended here). `activity`: the request is the user's own doing (a background refresh does not
   * keep a session alive).
   */
  async check(id: string, login: string, activity: boolean): Promise<SignInMethod | null> {
    const now = Date.now();
    let entry = this.cache.get(id);
    if (!entry || entry.expires <= now) {
      const [row] = await this.db.query<{
        login: string;
        method: SignInMethod;
        created_at: Date;
        last_seen_at: Date;
        ended: boolean;
      }>(
        `select login, method, created_at, last_seen_at, ended_at is not null as ended from staff_session where id = $1`,
        [id],
      );
      if (!row) return null;
      if (this.cache.size >= MAX_CACHED) this.cache.clear();
      entry = {
        login: row.login,
        method: row.method,
        createdAt: row.created_at.getTime(),
        lastSeenAt: row.last_seen_at.getTime(),
        ended: row.ended,
        expires: now + CACHE_MS,
      };
      this.cache.set(id, entry);
    }
    if (entry.ended || entry.login.toLowerCase() !== login.toLowerCase()) return null;
    if (now - entry.createdAt >= this.limits.maxMs) return this.endExpired(id, 'maxAge');
    const lastSeen = Math.max(entry.lastSeenAt, this.seen.get(id) ?? 0);
    if (now - lastSeen >= this.limits.idleMs) return this.endExpired(id, 'idle');
    if (activity) this.seen.set(id, now);
    return entry.method;
  }

  private async endExpired(id: string, reason: EndReason): Promise<null> {
    await this.end(id, reason);
    return null;
  }

  /** Ends one open session (of `owner` only, when given); false when there was none. */
  async end(id: string, reason: EndReason, owner?: string): Promise<boolean> {
    const rows = await this.db.query<{ login: string }>(
      `update staff_session set ended_at = now(), end_reason = $2
        where id = $1 and ended_at is null and ($3::text is null or lower(login) = lower($3)) returning login`,
      [id, reason, owner ?? null],
    );
    this.seen.delete(id);
    const entry = this.cache.get(id);
    if (entry) entry.ended = true;
    if (rows[0]) await this.bus.publish({ type: 'account', login: rows[0].login });
    return rows.length > 0;
  }

  /**
   * Ends every open session of `login` but `except` (the one that changed its own password), in the
   * caller's transaction when given; the other instances hear it from `AccountStateCache.forget`'s
   * account event, which every caller sends after its change.
   */
  async endAll(db: Queryable, login: string, reason: EndReason, except?: string): Promise<number> {
    const rows = await db.query(
      `update staff_session set ended_at = now(), end_reason = $2
        where lower(login) = lower($1) and ended_at is null and id is distinct from $3 returning id`,
      [login, reason, except ?? null],
    );
    const key = login.toLowerCase();
    for (const [id, entry] of this.cache) if (entry.login.toLowerCase() === key && id !== except) this.cache.delete(id);
    return rows.length;
  }

  /** The open sessions of `login`, most recently used first; `current` marks the caller's. */
  async list(login: string, current: string | undefined): Promise<SessionDto[]> {
    await this.flush();
    const rows = await this.db.query<{
      id: string;
      created_at: Date;
      last_seen_at: Date;
      ip: string | null;
      user_agent: string | null;
      method: SignInMethod;
    }>(
      `select id, created_at, last_seen_at, ip, user_agent, method from staff_session
        where lower(login) = lower($1) and ended_at is null order by last_seen_at desc, created_at desc`,
      [login],
    );
    return rows.map((row) => ({
      id: row.id,
      createdAt: row.created_at.toISOString(),
      lastSeenAt: row.last_seen_at.toISOString(),
      ip: row.ip,
      userAgent: row.user_agent,
      method: row.method,
      current: row.id === current,
    }));
  }

  /** Writes the last use of every session seen since the previous flush, in one statement. */
  async flush(): Promise<void> {
    if (this.seen.size === 0) return;
    const batch = [...this.seen];
    this.seen.clear();
    try {
      await this.db.query(
        `update staff_session s set last_seen_at = greatest(s.last_seen_at, v.seen)
           from unnest($1::text[], $2::timestamptz[]) as v(id, seen)
          where s.id = v.id and s.ended_at is null`,
        [batch.map(([id]) => id), batch.map(([, at]) => new Date(at).toISOString())],
      );
    } catch (error) {
      // Kept for the next flush: a database away for a moment must not make sessions look idle.
      for (const [id, at] of batch) this.seen.set(id, Math.max(at, this.seen.get(id) ?? 0));
      throw error;
    }
    for (const [id, at] of batch) {
      const entry = this.cache.get(id);
      if (entry) entry.lastSeenAt = Math.max(entry.lastSeenAt, at);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.flushTimer);
    await this.flush().catch(() => {});
  }
}
