// The one access gate for HTTP: every API route declares `config.access`, and this hook enforces it
// before any handler runs. 'public' = anyone; [] = any signed-in user; a list = any of those roles.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APP_HEADERS, hasAnyAuthority, type Authority } from '@bank/domain';
import type { Database } from '../db/database';
import type { EventBus } from '../modules/events/bus';
import type { SessionStore } from '../modules/sessions/sessions';
import type { TokenService } from '../security/tokens';
import { forbidden, HttpProblem, unauthorized } from '../problem';

export type RouteAccess = 'public' | readonly Authority[];

export interface AuthUser {
  id: number;
  login: string;
  authorities: string[];
  /** The server-side session of the token that signed this request in. */
  sessionId?: string;
  /**
   * The user has an active second factor, or this session signed in through the bank's directory, whose
   * own multi-factor sign-in counts (the enrolment gate does not apply to it).
   */
  mfa?: boolean;
}

/** One API route and who may call it, as registered: what the authorization matrix test walks. */
export interface AccessRule {
  method: string;
  url: string;
  access: RouteAccess;
  /** Answers a long-lived event stream rather than one response. */
  stream?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** The registry entity a route serves, for error messages. */
    entity?: string;
    /** The route answers a long-lived event stream (tests call it over real HTTP). */
    stream?: boolean;
    /** Open to a user who must enrol a second factor before anything else (MFA_REQUIRED_ROLES). */
    enrolment?: boolean;
  }
  interface FastifyInstance {
    accessRules: AccessRule[];
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

/** Paths that belong to the API: each of their routes must declare its access. */
/** The directory sign-in's two legs (JHipster's paths) are server routes too: declared access, never cached. */
export const API_PREFIXES = ['/api/', '/core/api/', '/management/', '/oauth2/', '/login/oauth2/'] as const;

export const isApiPath = (url: string) =>
  API_PREFIXES.some((prefix) => url.startsWith(prefix) || url === prefix.slice(0, -1));

/**
 * Account state behind a token, cached briefly so that a request costs no query for it. A change
 * made through this server is told to every instance over the event bus, which drops its entry at
 * once; the expiry only bounds what a lost bus message (a reconnecting LISTEN) could leave behind.
 */
export class AccountStateCache {
  private readonly entries = new Map<string, { expires: number; user: AuthUser | null }>();
  constructor(
    private readonly db: Database,
    private readonly bus: EventBus,
    private readonly ttlMs = 10_000,
  ) {
    bus.subscribe((event) => {
      if (event.type === 'account') this.entries.delete(event.login.toLowerCase());
    });
  }

  async get(login: string): Promise<AuthUser | null> {
    const key = login.toLowerCase();
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.user;
    const [row] = await this.db.query<{
      id: number;
      login: string;
      activated: boolean;
      authorities: string[];
      mfa: boolean;
    }>(
      `select u.id, u.login, u.activated,
              coalesce(array_agg(ua.authority_name) filter (where ua.authority_name is not null), '{}') as authorities,
              exists (select 1 from user_mfa m where m.user_id = u.id and m.activated_at is not null) as mfa
         from app_user u left join user_authority ua on ua.user_id = u.id
        where lower(u.login) = $1
        group by u.id`,
      [key],
    );
    const user =
      row && row.activated ? { id: row.id, login: row.login, authorities: row.authorities, mfa: row.mfa } : null;
    if (this.entries.size > 10_000) this.entries.clear();
    this.entries.set(key, { expires: Date.now() + this.ttlMs, user });
    return user;
  }

  /** After a change to the account `login`: dropped here now, and on the other instances by the bus. */
  async forget(login: string): Promise<void> {
    this.entries.delete(login.toLowerCase());
    await this.bus.publish({ type: 'account', login });
  }
}

/**
 * The user holds a role that needs a second factor and has none yet: the session may only enrol one.
 * (An empty list of roles means none here, not "any signed-in user" as a route's access does.)
 */
export function mustEnrol(user: AuthUser, mfaRequiredRoles: readonly string[]): boolean {
  return mfaRequiredRoles.length > 0 && !user.mfa && hasAnyAuthority(user.authorities, mfaRequiredRoles);
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header || !header.startsWith('Bearer ')) return null;
  const token = header.slice(7).trim();
  return token.length > 0 && token.length < 4096 ? token : null;
}

export function registerAuth(
  app: FastifyInstance,
  tokens: TokenService,
  accounts: AccountStateCache,
  sessions: SessionStore,
  mfaRequiredRoles: readonly string[] = [],
): void {
  app.decorateRequest('user', null);

  // A route under an API prefix without a declared access rule is a programming error: refuse to start.
  const rules: AccessRule[] = [];
  app.decorate('accessRules', rules);
  app.addHook('onRoute', (route) => {
    const url = route.url;
    if (!isApiPath(url)) return;
    const access = route.config?.access;
    if (access === undefined) throw new Error(`Route ${route.method} ${url} does not declare config.access`);
    const stream = route.config?.stream === true ? { stream: true } : {};
    for (const method of [route.method].flat()) if (method !== 'HEAD') rules.push({ method, url, access, ...stream });
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (access === undefined) return; // static files and the not-found handler
    const token = bearerToken(request);
    if (token) {
      const claims = tokens.check(token);
      const activity = request.headers[APP_HEADERS.background] === undefined;
      const method = claims && (await sessions.check(claims.sessionId, claims.login, activity));
      const account = method ? await accounts.get(claims!.login) : null;
      request.user = account && {
        ...account,
        sessionId: claims!.sessionId,
        mfa: account.mfa === true || method === 'oidc',
      };
      if (!request.user && access !== 'public') throw unauthorized('Invalid or expired token');
    }
    if (access === 'public') return;
    if (!request.user) throw unauthorized();
    if (!hasAnyAuthority(request.user.authorities, access)) throw forbidden();
    // A role that needs a second factor, not yet enrolled: the enrolment routes only (PCI DSS 8.4.2).
    if (mustEnrol(request.user, mfaRequiredRoles) && !request.routeOptions.config.enrolment)
      throw new HttpProblem(403, {
        message: 'error.mfaEnrolmentRequired',
        detail: 'Your role needs a second factor: enrol one (api/account/mfa/totp/setup) before anything else',
      });
  });
}
