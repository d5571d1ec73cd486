// Sign-out and the sessions a user or an administrator can see and end (ASVS V3.3.1, V3.3.4).
import type { FastifyInstance } from 'fastify';
import { ROUTE_ACCESS } from '@bank/domain';
import type { Database } from '../../db/database';
import type { AccountStateCache } from '../../plugins/auth';
import { notFound } from '../../problem';
import { recordAudit } from '../audit/audit';
import { findUserByLogin } from '../account/users';
import { loginParams } from '../users/routes';
import type { SessionStore } from './sessions';

const SIGNED_IN = ROUTE_ACCESS.signedIn;
const ADMIN = ROUTE_ACCESS.management;

const sessionParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } },
} as const;

export function registerSessionRoutes(
  app: FastifyInstance,
  deps: { db: Database; accounts: AccountStateCache; sessions: SessionStore },
): void {
  const { db, accounts, sessions } = deps;

  app.post('/api/logout', { config: { access: SIGNED_IN, enrolment: true } }, async (request, reply) => {
    const { login, sessionId } = request.user!;
    await sessions.end(sessionId!, 'logout');
    await recordAudit(db, login, 'LOGOUT', { session: sessionId! });
    return reply.code(204).send();
  });

  app.get('/api/account/sessions', { config: { access: SIGNED_IN } }, async (request) =>
    sessions.list(request.user!.login, request.user!.sessionId),
  );

  // Another user's session, or one already ended, is not found: its id says nothing to this user.
  app.delete<{ Params: { id: string } }>(
    '/api/account/sessions/:id',
    { config: { access: SIGNED_IN }, schema: { params: sessionParams } },
    async (request, reply) => {
      const { login } = request.user!;
      if (!(await sessions.end(request.params.id, 'revoked', login))) throw notFound('No such session');
      await recordAudit(db, login, 'SESSION_REVOKED', { session: request.params.id });
      return reply.code(204).send();
    },
  );

  app.delete<{ Params: { login: string } }>(
    '/api/users/:login/sessions',
    { config: { access: ADMIN }, schema: { params: loginParams } },
    async (request, reply) => {
      const user = await findUserByLogin(db, request.params.login);
      if (!user) throw notFound('No such user');
      const ended = await sessions.endAll(db, user.login, 'adminRevoked');
      await accounts.forget(user.login);
      await recordAudit(db, request.user!.login, 'SESSIONS_REVOKED', { login: user.login, sessions: ended });
      return reply.code(204).send();
    },
  );
}
