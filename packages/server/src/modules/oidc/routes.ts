// Sign-in through the bank's directory (OpenID Connect, authorization code flow with PKCE), on JHipster's
// paths: `oauth2/authorization/oidc` sends the browser to the directory, `login/oauth2/code/oidc` takes it
// back, checks the answer (openid-client: issuer, audience, signature against the directory's JWKS, nonce,
// expiry, state, PKCE), brings the staff account in line with the claims, opens a session (method 'oidc')
// and hands it to the web app through a one-time code (bound to the browser by a cookie, see handoff.ts)
// that `api/authenticate/oidc` exchanges for the token, as `api/authenticate` answers.
// Every refusal lands on the sign-in page with a reason it explains (`/login?oidcError=<key>`), and is audited.
// Off (no OIDC_ISSUER_URL), every route answers 404.
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { AccountStateCache } from '../../plugins/auth';
import { HttpProblem, notFound } from '../../problem';
import type { TokenService } from '../../security/tokens';
import { recordAudit } from '../audit/audit';
import { findUserByLogin } from '../account/users';
import { perMinute } from '../account/rate-limits';
import type { SessionStore } from '../sessions/sessions';
import { Directory } from './directory';
import { CALLBACK_PATH, clearFlowCookie, flowCookie, flowKey, readFlow, safeReturnPath } from './flow';
import { HANDOFF_PATH, clearHandoffCookie, createHandoff, redeemHandoff } from './handoff';
import { dropDirectoryRoles, groupsOf, linkDirectoryUser, loginOf, profileOf, rolesOf } from './users';

const AUTHORIZATION_PATH = '/oauth2/authorization/oidc';

/** Why a directory sign-in was refused: the web app's sign-in page explains each (i18n `oidc.error.<key>`). */
export type OidcRefusal =
  'expired' | 'denied' | 'unavailable' | 'invalid' | 'noLogin' | 'noRole' | 'localAccount' | 'notActivated';

const handoffBody = {
  type: 'object',
  required: ['code'],
  additionalProperties: false,
  properties: { code: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

const authorizationQuery = {
  type: 'object',
  properties: { returnTo: { type: 'string', maxLength: 512 } },
} as const;

/** Where openid-client's failure leaves the user, and what the audit records (never a token or a code). */
function refusalOf(error: unknown): { key: OidcRefusal; reason: string; detail: string } {
  if (error instanceof client.AuthorizationResponseError)
    return {
      key: error.error === 'access_denied' ? 'denied' : 'invalid',
      reason: 'directory-error',
      detail: error.error,
    };
  const named = error as { name?: string; code?: unknown; message?: string; cause?: { message?: string } };
  // fetch's own failures (refused, reset, DNS) and openid-client's time-out: the directory did not answer.
  const unreachable =
    (error instanceof TypeError && named.code === undefined) ||
    named.name === 'TimeoutError' ||
    named.name === 'AbortError';
  const detail = [named.message, named.cause?.message].filter(Boolean).join(': ').slice(0, 300);
  return unreachable
    ? { key: 'unavailable', reason: 'directory-unavailable', detail }
    : { key: 'invalid', reason: typeof named.code === 'string' ? named.code : 'invalid-response', detail };
}

/** A browser that asked for the sign-in page gets one it can read; an API client, the problem. */
function directoryUnavailable(request: FastifyRequest, reply: FastifyReply) {
  reply.code(503).header('retry-after', '30');
  if (!/text\/html/.test(request.headers.accept ?? ''))
    throw new HttpProblem(503, {
      message: 'error.http.503',
      title: 'Service Unavailable',
      detail: 'The bank’s directory does not answer: try again in a moment, or sign in with a local account',
    });
  return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="fr"><head><meta charset="utf-8"><title>Annuaire indisponible</title></head>
<body style="font-family: sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>L’annuaire de la banque ne répond pas</h1>
<p>La connexion par l’annuaire est impossible pour le moment. Réessayez dans un instant, ou connectez-vous avec un compte local.</p>
<p lang="en">The bank’s directory does not answer. Try again in a moment, or sign in with a local account.</p>
<p><a href="/login">Retour à la connexion / Back to sign-in</a></p>
</body></html>`);
}

export function registerOidcRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    config: Config;
    tokens: TokenService;
    accounts: AccountStateCache;
    sessions: SessionStore;
    /** The cookie's key is derived from it. */
    jwtSecret: Uint8Array;
    log: FastifyBaseLogger;
  },
): void {
  const { db, config, tokens, accounts, sessions, jwtSecret, log } = deps;
  const enabled = config.oidcIssuerUrl !== undefined;
  const directory = new Directory(config);
  // Registered at the directory as this application's redirect URI.
  const redirectUri = `${config.publicUrl}${CALLBACK_PATH}`;
  const secure = config.publicUrl.startsWith('https:');
  const cookieKey = flowKey(jwtSecret);
  // Before validation, so that a feature that is off answers 404 whatever the request holds.
  const onlyWhenOn = async () => {
    if (!enabled) throw notFound('Sign-in through the directory is not configured');
  };

  app.get<{ Querystring: { returnTo?: string } }>(
    AUTHORIZATION_PATH,
    { config: { access: 'public' }, onRequest: onlyWhenOn, schema: { querystring: authorizationQuery } },
    async (request, reply) => {
      let directoryConfig: client.Configuration;
      try {
        directoryConfig = await directory.configuration();
      } catch (error) {
        log.warn({ detail: refusalOf(error).detail }, 'the directory (OpenID Connect issuer) does not answer');
        return directoryUnavailable(request, reply);
      }
      const flow = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
        returnTo: safeReturnPath(request.query.returnTo),
      };
      const url = client.buildAuthorizationUrl(directoryConfig, {
        redirect_uri: redirectUri,
        scope: 'openid profile email',
        state: flow.state,
        nonce: flow.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
      });
      reply.header('set-cookie', await flowCookie(flow, cookieKey, secure));
      return reply.redirect(url.href, 302);
    },
  );

  app.get(
    CALLBACK_PATH,
    { config: { access: 'public', ...perMinute(config.rateLimitAuthenticate) }, onRequest: onlyWhenOn },
    async (request, reply) => {
      reply.header('set-cookie', clearFlowCookie(secure));
      const ip = request.ip;
      const refuse = async (key: OidcRefusal, principal: string, reason: string, more: Record<string, string> = {}) => {
        await recordAudit(db, principal, 'AUTHENTICATION_FAILURE', { method: 'oidc', reason, ip, ...more });
        return reply.redirect(`/login?oidcError=${key}`, 302);
      };
      const flow = await readFlow(request.headers.cookie, cookieKey);
      if (!flow) return refuse('expired', 'anonymous', 'no-flow-cookie');

      let claims: Record<string, unknown>;
      let issuer: string;
      try {
        const directoryConfig = await directory.configuration();
        issuer = directoryConfig.serverMetadata().issuer;
        // The answer's parameters as the directory sent them, on the redirect URI it was sent to.
        const current = new URL(redirectUri);
        current.search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
        const answer = await client.authorizationCodeGrant(directoryConfig, current, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
        const idToken = answer.claims()!;
        // Directories put profile and group claims in the ID token or in userinfo only: both are read, the
        // signed ID token winning. userinfo's `sub` must be the ID token's (openid-client checks it).
        const userinfo =
          directoryConfig.serverMetadata().userinfo_endpoint && answer.access_token
            ? await client.fetchUserInfo(directoryConfig, answer.access_token, idToken.sub)
            : {};
        claims = { ...userinfo, ...idToken };
      } catch (error) {
        const refusal = refusalOf(error);
        return refuse(refusal.key, 'anonymous', refusal.reason, { detail: refusal.detail });
      }

      const subject = String(claims.sub);
      const login = loginOf(claims.preferred_username);
      if (!login) return refuse('noLogin', `oidc:${subject}`.slice(0, 100), 'no-usable-preferred-username');
      const groups = groupsOf(claims, config.oidcRolesClaim);
      const roles = rolesOf(groups, config.oidcRoleMap);
      if (roles.length === 0) {
        // What the directory took away goes here too: a linked account loses its roles and its sessions.
        const dropped = await db.transaction(async (tx) => {
          const linked = await dropDirectoryRoles(tx, issuer, subject);
          if (linked) await sessions.endAll(tx, linked, 'rolesChanged');
          return linked;
        });
        if (dropped) await accounts.forget(dropped);
        return refuse('noRole', login, 'no-mapped-group', { groups: groups.join(',').slice(0, 300) });
      }

      const from = { ip, userAgent: request.headers['user-agent'] };
      const linkAndOpen = () =>
        db.transaction(async (tx) => {
          const linked = await linkDirectoryUser(tx, { issuer, subject, login, roles, ...profileOf(claims) });
          if (!linked.ok) return linked;
          const authorities = roles.join(',');
          if (linked.created) await recordAudit(tx, 'oidc', 'USER_CREATED', { login: linked.login, authorities });
          if (linked.rolesChanged) {
            // As when an administrator changes roles: tokens signed in with the old ones end.
            await sessions.endAll(tx, linked.login, 'rolesChanged');
            await recordAudit(tx, 'oidc', 'USER_UPDATED', { login: linked.login, authorities });
          }
          const sessionId = await sessions.open(tx, linked, from, 'oidc');
          const handoff = await createHandoff(tx, sessionId, linked.login, secure);
          await recordAudit(tx, linked.login, 'AUTHENTICATION_SUCCESS', { method: 'oidc', ip, session: sessionId });
          return { ...linked, handoff };
        });
      // Two first sign-ins of one new user at once: the second finds the login taken by the first.
      const outcome = await linkAndOpen().catch((error: unknown) => {
        if ((error as { code?: string }).code === '23505') return { ok: false as const, reason: 'expired' as const };
        throw error;
      });
      if (!outcome.ok) return refuse(outcome.reason, login, outcome.reason);
      await accounts.forget(outcome.login);
      // In the fragment, not the query: a fragment never reaches a server, so the code is in no access log,
      // proxy log or Referer, and the web page removes it from the address bar at once. `to` rides along:
      // it is no secret, and the web page needs it once signed in.
      const fragment = new URLSearchParams({ code: outcome.handoff.code, to: flow.returnTo });
      // (Fastify adds Set-Cookie headers to the ones already set.)
      reply.header('set-cookie', outcome.handoff.setCookie);
      return reply.redirect(`/login/oidc#${fragment}`, 302);
    },
  );

  app.post<{ Body: { code: string } }>(
    HANDOFF_PATH,
    {
      config: { access: 'public', ...perMinute(config.rateLimitAuthenticate) },
      onRequest: onlyWhenOn,
      schema: { body: handoffBody },
    },
    async (request, reply) => {
      reply.header('set-cookie', clearHandoffCookie(secure));
      const handed = await redeemHandoff(db, request.body.code, request.headers.cookie);
      const user = handed && (await findUserByLogin(db, handed.login));
      if (!handed || !user?.activated) {
        await recordAudit(db, handed?.login ?? 'anonymous', 'AUTHENTICATION_FAILURE', {
          method: 'oidc',
          reason: 'bad-handoff-code',
          ip: request.ip,
        });
        throw new HttpProblem(401, {
          message: 'login.messages.error.authentication',
          detail: 'This sign-in code is unknown, already used or expired',
        });
      }
      const claims = { login: user.login, authorities: user.authorities, sessionId: handed.sessionId };
      const token = await tokens.issue(claims, false);
      return reply.header('authorization', `Bearer ${token}`).send({ id_token: token });
    },
  );
}
