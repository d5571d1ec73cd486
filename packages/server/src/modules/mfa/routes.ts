// The second factor's routes: a user enrols and removes their own, an administrator resets anyone's
// (a lost phone) and so ends that user's sessions. Enrolment routes stay open to a user who must enrol.
// Every code checked here counts toward the sign-in lockout and rate limit.
import type { FastifyInstance } from 'fastify';
import { ROUTE_ACCESS } from '@bank/domain';
import type { Database } from '../../db/database';
import { mustEnrol, type AccountStateCache } from '../../plugins/auth';
import { HttpProblem, notFound } from '../../problem';
import { recordAudit } from '../audit/audit';
import { findUserByLogin } from '../account/users';
import { reauthenticate } from '../account/lockout';
import type { CredentialChecks } from '../account/rate-limits';
import { loginParams } from '../users/routes';
import type { SessionStore } from '../sessions/sessions';
import type { TotpStore } from './totp';

const codeBody = {
  type: 'object',
  required: ['code'],
  additionalProperties: false,
  properties: { code: { type: 'string', minLength: 1, maxLength: 20 } },
} as const;

const wrongCode = () =>
  new HttpProblem(400, { message: 'error.mfaInvalid', detail: 'This code is wrong, expired or already used' });

export function registerMfaRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    accounts: AccountStateCache;
    sessions: SessionStore;
    totp: TotpStore;
    mfaRequiredRoles: readonly string[];
    credentialChecks: CredentialChecks;
  },
): void {
  const { db, accounts, sessions, totp, mfaRequiredRoles, credentialChecks } = deps;
  const enrolment = { access: ROUTE_ACCESS.signedIn, enrolment: true };

  // What the security page shows, and whether the web app must take this user straight to enrolment.
  app.get('/api/account/mfa', { config: enrolment }, async (request) => {
    const user = request.user!;
    return {
      totp: await totp.isActive(db, user.id),
      recoveryCodesLeft: await totp.recoveryCodesLeft(db, user.id),
      enrolmentRequired: mustEnrol(user, mfaRequiredRoles),
    };
  });

  app.post('/api/account/mfa/totp/setup', { config: enrolment }, async (request) => {
    const user = request.user!;
    const created = await totp.setup(db, user);
    if (!created)
      throw new HttpProblem(409, {
        message: 'error.mfaActive',
        detail: 'A second factor is already active: remove it first, with a code',
      });
    return created;
  });

  app.post<{ Body: { code: string } }>(
    '/api/account/mfa/totp/activate',
    { config: enrolment, ...credentialChecks, schema: { body: codeBody } },
    async (request) => {
      const user = request.user!;
      const recoveryCodes = await reauthenticate(db, user.login, request.ip, 'bad-otp', wrongCode, () =>
        db.transaction(async (tx) => {
          const codes = await totp.activate(tx, user, request.body.code.trim());
          if (codes) await recordAudit(tx, user.login, 'MFA_ENROLLED', { method: 'totp' });
          return codes;
        }),
      );
      await accounts.forget(user.login);
      return { recoveryCodes };
    },
  );

  app.delete<{ Body: { code: string } }>(
    '/api/account/mfa/totp',
    { config: { access: ROUTE_ACCESS.signedIn }, ...credentialChecks, schema: { body: codeBody } },
    async (request, reply) => {
      const user = request.user!;
      await reauthenticate(db, user.login, request.ip, 'bad-otp', wrongCode, () =>
        db.transaction(async (tx) => {
          if (!(await totp.verify(tx, user, request.body.code))) return false;
          await totp.remove(tx, user.id);
          await recordAudit(tx, user.login, 'MFA_REMOVED', { by: user.login });
          return true;
        }),
      );
      await accounts.forget(user.login);
      return reply.code(204).send();
    },
  );

  app.delete<{ Params: { login: string } }>(
    '/api/users/:login/mfa',
    { config: { access: ROUTE_ACCESS.management }, schema: { params: loginParams } },
    async (request, reply) => {
      const user = await findUserByLogin(db, request.params.login);
      if (!user) throw notFound('No such user');
      await db.transaction(async (tx) => {
        await totp.remove(tx, user.id);
        await sessions.endAll(tx, user.login, 'mfaReset');
        await recordAudit(tx, request.user!.login, 'MFA_REMOVED', { login: user.login, by: request.user!.login });
      });
      await accounts.forget(user.login);
      return reply.code(204).send();
    },
  );
}
