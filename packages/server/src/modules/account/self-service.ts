// Self-service account calls (spec part 1 §7.1, DESIGN.md §5): registration, activation and the password
// reset by e-mail. Public, rate-limited per IP where an attacker would repeat them; every step is audited.
import { setTimeout } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { ACCOUNT_RULES, DEFAULT_LANGUAGE, LANGUAGES, ROLES } from '@bank/domain';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { AccountStateCache } from '../../plugins/auth';
import { HttpProblem } from '../../problem';
import { hashPassword } from '../../security/passwords';
import { recordAudit } from '../audit/audit';
import type { Mailer } from '../mail/mailer';
import type { SessionStore } from '../sessions/sessions';
import { accountMail } from '../mail/templates';
import { KEY_SCHEMA, RESET_KEY_HOURS, activationLink, keyDigest, newAccountKey, resetLink } from './keys';
import { recordSuccess } from './lockout';
import { perMinute } from './rate-limits';
import { insertUser } from './users';

const PUBLIC = 'public' as const;

/**
 * A reset request or a registration is answered no sooner than this, whether or not the address or the
 * login is known (longer than their work on a busy server): the paths that differ cannot be timed.
 */
export const PUBLIC_ANSWER_MS = 250;

/** A 400 whose key the web app shows as is (X-App-Error), e.g. `error.userexists`. */
export const businessError = (key: string, detail: string) =>
  new HttpProblem(400, { message: key, detail, appError: { key, params: 'userManagement' } });

export const loginTaken = () => businessError('error.userexists', 'Login name already used');
export const emailTaken = () => businessError('error.emailexists', 'Email is already in use');

export const loginSchema = {
  type: 'string',
  minLength: ACCOUNT_RULES.login.minLength,
  maxLength: ACCOUNT_RULES.login.maxLength,
  pattern: ACCOUNT_RULES.login.pattern.source,
} as const;

export const emailSchema = {
  type: 'string',
  minLength: ACCOUNT_RULES.email.minLength,
  maxLength: ACCOUNT_RULES.email.maxLength,
  format: 'email',
} as const;

const registrationSchema = {
  type: 'object',
  required: ['login', 'email', 'password'],
  additionalProperties: false,
  properties: {
    login: loginSchema,
    email: emailSchema,
    password: {
      type: 'string',
      minLength: ACCOUNT_RULES.password.minLength,
      maxLength: ACCOUNT_RULES.password.maxLength,
    },
    langKey: { type: 'string', enum: [...LANGUAGES] },
  },
} as const;

const resetFinishSchema = {
  type: 'object',
  required: ['key', 'newPassword'],
  additionalProperties: false,
  properties: {
    key: KEY_SCHEMA,
    newPassword: {
      type: 'string',
      minLength: ACCOUNT_RULES.resetPassword.minLength,
      maxLength: ACCOUNT_RULES.resetPassword.maxLength,
    },
  },
} as const;

interface Registration {
  login: string;
  email: string;
  password: string;
  langKey?: string;
}

export interface SelfServiceDeps {
  db: Database;
  config: Config;
  accounts: AccountStateCache;
  sessions: SessionStore;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

export function registerSelfServiceRoutes(app: FastifyInstance, deps: SelfServiceDeps): void {
  const { db, config, accounts, sessions, mailer, log } = deps;

  app.post<{ Body: Registration }>(
    '/api/register',
    { config: { access: PUBLIC, ...perMinute(config.rateLimitRegister) }, schema: { body: registrationSchema } },
    async (request, reply) => {
      const { email, password, langKey = DEFAULT_LANGUAGE } = request.body;
      const floor = setTimeout(PUBLIC_ANSWER_MS);
      const login = request.body.login.toLowerCase();
      const { key, digest } = newAccountKey();
      // Hashed whatever happens next, so that the time taken tells nothing about who holds the login or address.
      const passwordHash = await hashPassword(password);
      // The answer is the same 201 whether or not the login or the address is taken (no list of staff
      // addresses for a phisher): the mailbox given hears what happened, and only it.
      const holder = await db.transaction(async (tx) => {
        // As JHipster does, a registration still waiting for activation does not hold its login or e-mail;
        // accounts an administrator made inactive (no activation key) are never replaced.
        const holders = await tx.query<{ id: number; login: string; email: string | null; pending: boolean }>(
          `select id, login, email, not activated and activation_key is not null as pending
             from app_user where lower(login) = $1 or lower(email) = lower($2)`,
          [login, email],
        );
        const live = holders.filter((h) => !h.pending);
        const taken =
          live.find((h) => h.email?.toLowerCase() === email.toLowerCase()) ??
          live.find((h) => h.login.toLowerCase() === login);
        if (taken) return taken;
        if (holders.length > 0) {
          await tx.query('delete from app_user where id = any($1::bigint[])', [holders.map((h) => h.id)]);
        }
        await insertUser(tx, {
          login,
          passwordHash,
          email,
          activated: false,
          langKey,
          authorities: [ROLES.USER],
          createdBy: login,
          activationKeyDigest: digest,
        });
        await recordAudit(tx, login, 'ACCOUNT_REGISTERED', { ip: request.ip, replaced: holders.length });
        return null;
      });
      if (!holder) {
        log.info({ login }, 'account registered');
        await mailer.send(
          accountMail('activation', { to: email, login, langKey, link: activationLink(config, key), key }),
        );
      } else if (holder.email?.toLowerCase() === email.toLowerCase()) {
        await recordAudit(db, login, 'ACCOUNT_REGISTRATION_REFUSED', { ip: request.ip, reason: 'emailTaken' });
        await mailer.send(
          accountMail('registrationEmailTaken', {
            to: holder.email,
            login: holder.login,
            langKey,
            link: `${config.publicUrl}/reset/request`,
          }),
        );
      } else {
        await recordAudit(db, login, 'ACCOUNT_REGISTRATION_REFUSED', { ip: request.ip, reason: 'loginTaken' });
        await mailer.send(
          accountMail('registrationLoginTaken', { to: email, login, langKey, link: `${config.publicUrl}/register` }),
        );
      }
      await floor;
      return reply.code(201).send();
    },
  );

  app.get<{ Querystring: { key: string } }>(
    '/api/activate',
    {
      config: { access: PUBLIC },
      schema: { querystring: { type: 'object', required: ['key'], properties: { key: KEY_SCHEMA } } },
    },
    async (request, reply) => {
      const [user] = await db.query<{ login: string }>(
        `update app_user set activated = true, activation_key = null, last_modified_by = login,
                last_modified_date = now(), version = version + 1
          where activation_key = $1 returning login`,
        [keyDigest(request.query.key)],
      );
      if (!user) throw businessError('error.activation', 'No user was found for this activation key');
      await accounts.forget(user.login);
      await recordAudit(db, user.login, 'ACCOUNT_ACTIVATED', { ip: request.ip });
      log.info({ login: user.login }, 'account activated');
      return reply.code(200).send();
    },
  );

  app.post<{ Body: string }>(
    '/api/account/reset-password/init',
    {
      config: { access: PUBLIC, ...perMinute(config.rateLimitResetPassword) },
      // The web app sends the bare e-mail as text/plain (JHipster's contract); a JSON string works too.
      bodyLimit: 4096,
      schema: { body: { type: 'string', minLength: 1, maxLength: ACCOUNT_RULES.email.maxLength + 50 } },
    },
    async (request, reply) => {
      // Known and unknown addresses get the same answer, no sooner than PUBLIC_ANSWER_MS: the mail only the
      // first costs (an outbox row, an SMTP hand-off) cannot be timed into a list of staff addresses.
      const floor = setTimeout(PUBLIC_ANSWER_MS);
      const email = request.body.trim();
      const { key, digest } = newAccountKey();
      // A directory user has no password here, and must not get one: the directory (and its MFA) signs it in.
      const [user] = await db.query<{ login: string; email: string; first_name: string | null; lang_key: string }>(
        `update app_user set reset_key = $2, reset_date = now()
          where lower(email) = lower($1) and activated and oidc_subject is null
          returning login, email, first_name, lang_key`,
        [email, digest],
      );
      if (!user) {
        await recordAudit(db, 'anonymous', 'PASSWORD_RESET_REQUESTED', { ip: request.ip, found: false });
        await floor;
        return reply.code(200).send();
      }
      await recordAudit(db, user.login, 'PASSWORD_RESET_REQUESTED', { ip: request.ip, found: true });
      await mailer.send(
        accountMail('passwordReset', {
          to: user.email,
          login: user.login,
          firstName: user.first_name,
          langKey: user.lang_key,
          link: resetLink(config, key),
          key,
        }),
      );
      await floor;
      return reply.code(200).send();
    },
  );

  app.post<{ Body: { key: string; newPassword: string } }>(
    '/api/account/reset-password/finish',
    { config: { access: PUBLIC }, schema: { body: resetFinishSchema } },
    async (request, reply) => {
      const digest = keyDigest(request.body.key);
      const live = `reset_key = $1 and reset_date > now() - interval '${RESET_KEY_HOURS} hours'`;
      const invalid = () => businessError('error.resetkey', 'This reset key is unknown, used or expired');
      // Checked before hashing, so that made-up keys cost no argon2 work.
      const [candidate] = await db.query<{ id: number }>(`select id from app_user where ${live}`, [digest]);
      if (!candidate) throw invalid();
      const passwordHash = await hashPassword(request.body.newPassword);
      const [user] = await db.query<{ login: string }>(
        `update app_user set password_hash = $2, reset_key = null, reset_date = null, last_modified_by = login,
                last_modified_date = now(), version = version + 1
          where ${live} and id = $3 returning login`,
        [digest, passwordHash, candidate.id],
      );
      // A concurrent finish with the same key may have won: the key works once.
      if (!user) throw invalid();
      // Proving ownership of the mailbox also lifts a sign-in lockout, and ends every session of the
      // account: whoever held one may be why the password was reset.
      await recordSuccess(db, user.login);
      await sessions.endAll(db, user.login, 'passwordReset');
      await accounts.forget(user.login);
      await recordAudit(db, user.login, 'PASSWORD_RESET_FINISHED', { ip: request.ip });
      log.info({ login: user.login }, 'password reset');
      return reply.code(200).send();
    },
  );
}
