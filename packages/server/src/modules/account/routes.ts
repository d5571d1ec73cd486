// Gateway account API: sign-in, the signed-in account, its update and its password (spec part 1 §7.1).
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_RULES, LANGUAGES, ROUTE_ACCESS } from '@bank/domain';
import type { Database } from '../../db/database';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../../security/passwords';
import type { TokenService } from '../../security/tokens';
import type { AccountStateCache } from '../../plugins/auth';
import { HttpProblem, badRequest, unauthorized } from '../../problem';
import { recordAudit } from '../audit/audit';
import { findUserByLogin, readBack, toAccountDto } from './users';
import { MAX_FAILED_ATTEMPTS, isLocked, lockedProblem, reauthenticate, recordFailure, recordSuccess } from './lockout';
import { emailTaken } from './self-service';
import type { Mailer } from '../mail/mailer';
import { accountMail } from '../mail/templates';
import type { SignInMethod, SessionStore } from '../sessions/sessions';
import type { TotpStore } from '../mfa/totp';
import type { CredentialChecks } from './rate-limits';

const SIGNED_IN = [] as const;

const credentialsSchema = {
  type: 'object',
  required: ['username', 'password'],
  additionalProperties: false,
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 100 },
    password: { type: 'string', minLength: 1, maxLength: 100 },
    rememberMe: { type: 'boolean' },
    // The second factor of an enrolled user: a code from the app, or a recovery code.
    otp: { type: 'string', minLength: 1, maxLength: 20 },
  },
} as const;

/** The columns a user's settings may change; a field left out of the body keeps its value. */
const COLUMNS = { firstName: 'first_name', lastName: 'last_name', email: 'email', langKey: 'lang_key' } as const;

interface AccountUpdate {
  firstName?: string | null;
  lastName?: string | null;
  email?: string;
  langKey?: string;
  /** Needed when the e-mail changes. */
  currentPassword?: string;
}

const invalidPassword = () => badRequest('error.invalidpassword', 'The current password is wrong');

const accountUpdateSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    firstName: { type: ['string', 'null'], maxLength: ACCOUNT_RULES.firstName.maxLength },
    lastName: { type: ['string', 'null'], maxLength: ACCOUNT_RULES.lastName.maxLength },
    email: {
      type: 'string',
      minLength: ACCOUNT_RULES.email.minLength,
      maxLength: ACCOUNT_RULES.email.maxLength,
      format: 'email',
    },
    langKey: { type: 'string', enum: [...LANGUAGES] },
    currentPassword: { type: 'string', minLength: 1, maxLength: 100 },
    // The account as GET gave it may come back whole: who the user is and what they may do stay the server's.
    ...readBack(
      'id',
      'login',
      'imageUrl',
      'activated',
      'authorities',
      'createdBy',
      'createdDate',
      'lastModifiedBy',
      'lastModifiedDate',
    ),
  },
} as const;

const passwordChangeSchema = {
  type: 'object',
  required: ['currentPassword', 'newPassword'],
  additionalProperties: false,
  properties: {
    currentPassword: { type: 'string', minLength: 1, maxLength: 100 },
    newPassword: {
      type: 'string',
      minLength: ACCOUNT_RULES.password.minLength,
      maxLength: ACCOUNT_RULES.password.maxLength,
    },
  },
} as const;

interface Credentials {
  username: string;
  password: string;
  rememberMe?: boolean;
  otp?: string;
}

export function registerAccountRoutes(
  app: FastifyInstance,
  deps: {
    db: Database;
    tokens: TokenService;
    accounts: AccountStateCache;
    sessions: SessionStore;
    totp: TotpStore;
    mailer: Mailer;
    credentialChecks: CredentialChecks;
  },
): void {
  const { db, tokens, accounts, sessions, totp, mailer, credentialChecks } = deps;

  app.post<{ Body: Credentials }>(
    '/api/authenticate',
    { config: { access: 'public' }, ...credentialChecks, schema: { body: credentialsSchema } },
    async (request, reply) => {
      const { username, password, rememberMe = false, otp } = request.body;
      const locked = await isLocked(db, username);
      const user = await findUserByLogin(db, username);
      // Every path verifies a hash, so the time taken tells nothing about the login.
      const valid = user ? await verifyPassword(user.password_hash, password) : await verifyAgainstDummy(password);
      if (locked) {
        await recordAudit(db, username, 'AUTHENTICATION_LOCKED', { ip: request.ip });
        throw lockedProblem(401);
      }
      if (!user || !valid) {
        const attempts = await recordFailure(db, username);
        await recordAudit(db, username, 'AUTHENTICATION_FAILURE', {
          reason: 'bad-credentials',
          ip: request.ip,
          attempts,
        });
        if (attempts >= MAX_FAILED_ATTEMPTS) {
          await recordAudit(db, username, 'AUTHENTICATION_LOCKED', { ip: request.ip });
          throw lockedProblem(401);
        }
        throw new HttpProblem(401, { message: 'login.messages.error.authentication', detail: 'Bad credentials' });
      }
      if (!user.activated) {
        await recordAudit(db, user.login, 'AUTHENTICATION_FAILURE', { reason: 'not-activated', ip: request.ip });
        throw new HttpProblem(401, {
          message: 'login.messages.error.notActivated',
          detail: 'User account is not activated',
        });
      }
      let method: SignInMethod = 'password';
      if (await totp.isActive(db, user.id)) {
        // The password was right: no failure counted for asking the code, a wrong code counts.
        if (otp === undefined)
          throw new HttpProblem(401, {
            message: 'error.mfaRequired',
            detail: 'A code from the authenticator app (or a recovery code) is required',
          });
        const proof = await totp.verify(db, user, otp);
        if (!proof) {
          const attempts = await recordFailure(db, username);
          await recordAudit(db, username, 'AUTHENTICATION_FAILURE', { reason: 'bad-otp', ip: request.ip, attempts });
          if (attempts >= MAX_FAILED_ATTEMPTS) {
            await recordAudit(db, username, 'AUTHENTICATION_LOCKED', { ip: request.ip });
            throw lockedProblem(401);
          }
          throw new HttpProblem(401, {
            message: 'error.mfaInvalid',
            detail: 'This code is wrong, expired or already used',
          });
        }
        method = 'totp';
      }
      // Only a whole sign-in (password, and code when enrolled) clears the failures counted so far.
      await recordSuccess(db, username);
      const from = { ip: request.ip, userAgent: request.headers['user-agent'] };
      const sessionId = await sessions.open(db, user, from, method);
      const token = await tokens.issue({ login: user.login, authorities: user.authorities, sessionId }, rememberMe);
      await recordAudit(db, user.login, 'AUTHENTICATION_SUCCESS', { ip: request.ip, rememberMe, session: sessionId });
      return reply.header('authorization', `Bearer ${token}`).send({ id_token: token });
    },
  );

  // Open to a user who must first enrol a second factor: the web app needs to know who is signed in.
  app.get('/api/account', { config: { access: SIGNED_IN, enrolment: true } }, async (request) => {
    const user = await findUserByLogin(db, request.user!.login);
    if (!user) throw unauthorized();
    return toAccountDto(user);
  });

  app.post<{ Body: AccountUpdate }>(
    '/api/account',
    { config: { access: ROUTE_ACCESS.account }, ...credentialChecks, schema: { body: accountUpdateSchema } },
    async (request, reply) => {
      const { login, id } = request.user!;
      const { currentPassword, ...body } = request.body;
      const user = await findUserByLogin(db, login);
      if (!user) throw unauthorized();
      const changes = (Object.keys(COLUMNS) as Array<keyof typeof COLUMNS>).filter(
        (field) => body[field] !== undefined,
      );
      const newEmail = body.email?.toLowerCase();
      const emailChanges = newEmail !== undefined && newEmail !== user.email?.toLowerCase();
      if (emailChanges) {
        // The address is where password resets go: whoever changes it proves they know the password.
        if (currentPassword === undefined)
          throw badRequest('error.currentPasswordRequired', 'Changing the e-mail needs the current password', [
            { objectName: 'account', field: 'currentPassword', message: 'NotNull' },
          ]);
        await reauthenticate(db, login, request.ip, 'bad-password', invalidPassword, () =>
          verifyPassword(user.password_hash, currentPassword),
        );
      }
      await db.transaction(async (tx) => {
        if (emailChanges) {
          const [taken] = await tx.query(`select 1 from app_user where lower(email) = $1 and id <> $2`, [newEmail, id]);
          if (taken) throw emailTaken();
        }
        // Only the fields sent change: a partial update never clears the others.
        const values = changes.map((field) => (field === 'email' ? newEmail : body[field]));
        const sets = changes.map((field, i) => `${COLUMNS[field]} = $${i + 3}`);
        await tx.query(
          `update app_user set ${[...sets, 'last_modified_by = $2'].join(', ')},
                  last_modified_date = now(), version = version + 1
            where id = $1`,
          [id, login, ...values],
        );
        await recordAudit(tx, login, 'ACCOUNT_UPDATED', { fields: changes.join(',') });
      });
      // The old address hears of it: if someone else made the change, its owner knows at once.
      if (emailChanges && user.email)
        await mailer.send(
          accountMail('emailChanged', {
            to: user.email,
            login,
            firstName: user.first_name,
            langKey: user.lang_key,
            newEmail,
          }),
        );
      return reply.code(200).send();
    },
  );

  app.post<{ Body: { currentPassword: string; newPassword: string } }>(
    '/api/account/change-password',
    { config: { access: SIGNED_IN }, ...credentialChecks, schema: { body: passwordChangeSchema } },
    async (request, reply) => {
      const { login } = request.user!;
      const user = await findUserByLogin(db, login);
      if (!user) throw unauthorized();
      await reauthenticate(db, login, request.ip, 'bad-password', invalidPassword, () =>
        verifyPassword(user.password_hash, request.body.currentPassword),
      );
      const newHash = await hashPassword(request.body.newPassword);
      await db.transaction(async (tx) => {
        await tx.query(
          `update app_user set password_hash = $1, last_modified_by = $2, last_modified_date = now(),
                  version = version + 1 where id = $3`,
          [newHash, login, user.id],
        );
        await recordAudit(tx, login, 'PASSWORD_CHANGED');
        // Whoever else holds this account's sessions loses them; the one that changed it stays.
        await sessions.endAll(tx, login, 'passwordChanged', request.user!.sessionId);
      });
      await accounts.forget(login);
      return reply.code(200).send();
    },
  );
}
