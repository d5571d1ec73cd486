// User management for administrators (spec part 1 §7.2): list, read, create, update and delete staff
// accounts with their authorities. Each change is audited and drops the login from the access cache at once.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import {
  ACCOUNT_RULES,
  ALL_AUTHORITIES,
  APP_HEADERS,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  ROLES,
  ROUTE_ACCESS,
} from '@bank/domain';
import crypto from 'node:crypto';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { sendPage } from '../../engine/routes';
import { MAX_PAGE_SIZE, type Query } from '../../engine/list-query';
import type { AccountStateCache } from '../../plugins/auth';
import { notFound } from '../../problem';
import { hashPassword } from '../../security/passwords';
import { recordAudit } from '../audit/audit';
import { newAccountKey, resetLink } from '../account/keys';
import { businessError, emailSchema, emailTaken, loginSchema, loginTaken } from '../account/self-service';
import { insertUser, readBack } from '../account/users';
import type { Mailer } from '../mail/mailer';
import type { EndReason, SessionStore } from '../sessions/sessions';
import { accountMail } from '../mail/templates';
import * as store from './user-store';

const ADMIN = { access: ROUTE_ACCESS.management };

// A transfer limit is whole XOF, as every amount (the franc CFA has no minor unit): '1000.00' as read back
// is whole, '0.5' is not.
const amount = { type: ['string', 'integer', 'null'], pattern: '^\\d{1,18}(\\.0{1,2})?$', minimum: 0 } as const;
const nullableText = (maxLength: number) => ({ type: ['string', 'null'], maxLength }) as const;

/** The user as the admin screens send it; read-only fields they echo back are accepted and ignored. */
const userBody = (idRequired: boolean) =>
  ({
    type: 'object',
    required: idRequired ? ['id', 'login', 'email'] : ['login', 'email'],
    additionalProperties: false,
    properties: {
      id: idRequired ? { type: 'integer', minimum: 1 } : { type: 'null' },
      login: loginSchema,
      firstName: nullableText(ACCOUNT_RULES.firstName.maxLength),
      lastName: nullableText(ACCOUNT_RULES.lastName.maxLength),
      email: emailSchema,
      imageUrl: nullableText(256),
      activated: { type: 'boolean' },
      langKey: { type: 'string', enum: [...LANGUAGES] },
      authorities: { type: 'array', uniqueItems: true, maxItems: 20, items: { type: 'string', enum: ALL_AUTHORITIES } },
      limitDayTransfer: amount,
      limitMonthTransfer: amount,
      ...readBack('createdBy', 'createdDate', 'lastModifiedBy', 'lastModifiedDate'),
    },
  }) as const;

interface UserBody {
  id?: number | null;
  login: string;
  firstName?: string | null;
  lastName?: string | null;
  email: string;
  imageUrl?: string | null;
  activated?: boolean;
  langKey?: string;
  authorities?: string[];
  limitDayTransfer?: string | number | null;
  limitMonthTransfer?: string | number | null;
}

/** `/api/users/:login…`: the path's login, as long as a login may be. */
export const loginParams = {
  type: 'object',
  required: ['login'],
  properties: { login: { type: 'string', minLength: 1, maxLength: ACCOUNT_RULES.login.maxLength } },
} as const;

const changesOf = (body: UserBody, activatedByDefault: boolean): store.UserChanges => ({
  login: body.login.toLowerCase(),
  firstName: body.firstName ?? null,
  lastName: body.lastName ?? null,
  email: body.email.toLowerCase(),
  imageUrl: body.imageUrl ?? null,
  langKey: body.langKey ?? DEFAULT_LANGUAGE,
  activated: body.activated ?? activatedByDefault,
  authorities: body.authorities ?? [],
  limitDayTransfer: body.limitDayTransfer == null ? null : String(body.limitDayTransfer),
  limitMonthTransfer: body.limitMonthTransfer == null ? null : String(body.limitMonthTransfer),
});

const alert = (key: 'created' | 'updated' | 'deleted', login: string) => ({
  [APP_HEADERS.alert]: `userManagement.${key}`,
  [APP_HEADERS.params]: login,
});

export interface UserRoutesDeps {
  db: Database;
  config: Config;
  accounts: AccountStateCache;
  sessions: SessionStore;
  mailer: Mailer;
  log: FastifyBaseLogger;
}

export function registerUserRoutes(app: FastifyInstance, deps: UserRoutesDeps): void {
  const { db, config, accounts, sessions, mailer, log } = deps;

  app.get<{ Querystring: Query }>('/api/users', { config: ADMIN }, async (request, reply) =>
    sendPage(request, reply, await store.listUsers(db, request.query)),
  );

  app.get('/api/users/nopagination', { config: ADMIN }, async (_request, reply) => {
    const page = await store.listUsers(db, { size: String(MAX_PAGE_SIZE) });
    return reply.header(APP_HEADERS.totalCount, String(page.total)).send(page.rows);
  });

  app.get('/api/users/authorities', { config: ADMIN }, () => store.authorityNames(db));

  app.get<{ Params: { login: string } }>(
    '/api/users/:login',
    { config: ADMIN, schema: { params: loginParams } },
    async (request) => {
      const user = await store.findUser(db, request.params.login);
      if (!user) throw notFound('No such user');
      return user;
    },
  );

  // Created like JHipster: activated unless the administrator says otherwise, with an unusable random
  // password and a reset key mailed to the user, who chooses the password within 24 hours.
  app.post<{ Body: UserBody }>(
    '/api/users',
    { config: ADMIN, schema: { body: userBody(false) } },
    async (request, reply) => {
      const by = request.user!.login;
      const changes = changesOf(request.body, true);
      const { key, digest } = newAccountKey();
      const passwordHash = await hashPassword(crypto.randomBytes(32).toString('base64'));
      const created = await db.transaction(async (tx) => {
        const taken = await store.takenBy(tx, changes.login, changes.email, null);
        if (taken.login) throw loginTaken();
        if (taken.email) throw emailTaken();
        const id = await insertUser(tx, { ...changes, passwordHash, createdBy: by, resetKeyDigest: digest });
        await store.setTransferLimits(tx, id, changes.limitDayTransfer, changes.limitMonthTransfer);
        await recordAudit(tx, by, 'USER_CREATED', {
          login: changes.login,
          activated: changes.activated,
          authorities: changes.authorities.join(','),
        });
        return (await store.findUserById(tx, id))!;
      });
      log.info({ login: created.login, by }, 'user created');
      await mailer.send(
        accountMail('creation', {
          to: changes.email,
          login: created.login,
          firstName: created.firstName,
          langKey: created.langKey,
          link: resetLink(config, key),
          key,
        }),
      );
      return reply
        .code(201)
        .headers(alert('created', created.login))
        .header('location', `/api/users/${created.login}`)
        .send(created);
    },
  );

  app.put<{ Body: UserBody }>(
    '/api/users',
    { config: ADMIN, schema: { body: userBody(true) } },
    async (request, reply) => {
      const by = request.user!;
      const id = request.body.id!;
      const updated = await db.transaction(async (tx) => {
        const before = await store.findUserById(tx, id);
        if (!before) throw notFound('No such user');
        const changes = changesOf(request.body, before.activated);
        if (id === by.id) refuseSelfLockout(before.login, changes);
        const taken = await store.takenBy(tx, changes.login, changes.email, id);
        if (taken.login) throw loginTaken();
        if (taken.email) throw emailTaken();
        await store.updateUser(tx, id, changes, by.login);
        const reason = sessionEndOf(before, changes);
        if (reason) await sessions.endAll(tx, before.login, reason);
        await recordAudit(tx, by.login, 'USER_UPDATED', {
          login: changes.login,
          previousLogin: before.login === changes.login ? null : before.login,
          activated: changes.activated,
          authorities: changes.authorities.join(','),
        });
        return { before, after: (await store.findUserById(tx, id))! };
      });
      await accounts.forget(updated.before.login);
      await accounts.forget(updated.after.login);
      log.info({ login: updated.after.login, by: by.login }, 'user updated');
      return reply.headers(alert('updated', updated.after.login)).send(updated.after);
    },
  );

  app.delete<{ Params: { login: string } }>(
    '/api/users/:login',
    { config: ADMIN, schema: { params: loginParams } },
    async (request, reply) => {
      const by = request.user!;
      const user = await store.findUser(db, request.params.login);
      if (!user) throw notFound('No such user');
      if (user.id === by.id)
        throw businessError('error.selfdelete', 'An administrator cannot delete their own account');
      await db.transaction(async (tx) => {
        await store.deleteUser(tx, user.id);
        await sessions.endAll(tx, user.login, 'deleted');
        await recordAudit(tx, by.login, 'USER_DELETED', { login: user.login });
      });
      await accounts.forget(user.login);
      log.info({ login: user.login, by: by.login }, 'user deleted');
      return reply.code(204).headers(alert('deleted', user.login)).send();
    },
  );
}

/**
 * Why an administrator's change ends the user's sessions, if it does: a token names the login and the
 * roles it was signed in with, and a deactivated account stays signed out once reactivated.
 */
function sessionEndOf(before: store.AdminUserDto, after: store.UserChanges): EndReason | null {
  if (!after.activated) return 'deactivated';
  if (before.login.toLowerCase() !== after.login.toLowerCase()) return 'loginChanged';
  const roles = (list: readonly string[]) => [...list].sort().join(',');
  return roles(before.authorities) === roles(after.authorities) ? null : 'rolesChanged';
}

/** An administrator cannot lock themselves out: with this rule there is always one administrator left. */
function refuseSelfLockout(currentLogin: string, changes: store.UserChanges): void {
  if (!changes.activated) {
    throw businessError('error.selfdeactivate', 'An administrator cannot deactivate their own account');
  }
  if (!changes.authorities.includes(ROLES.ADMIN)) {
    throw businessError('error.selfdemote', 'An administrator cannot remove their own administrator role');
  }
  if (changes.login !== currentLogin.toLowerCase()) {
    // Their token names the old login: renaming themselves would sign them out mid-session.
    throw businessError('error.selflogin', 'An administrator cannot rename their own account');
  }
}
