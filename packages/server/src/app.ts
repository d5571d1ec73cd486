// buildApp(): the whole HTTP application over an opened, migrated database. No listen() here,
// so tests drive it through inject() and main.ts decides where it listens.
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/database';
import { AccountStateCache, registerAuth } from './plugins/auth';
import { registerSecurityHeaders } from './plugins/security-headers';
import { frameworkErrors, registerErrorHandling } from './plugins/errors';
import {
  clientErrorHandler,
  registerApiNoStore,
  registerClosingAnswer,
  registerConnectionLimit,
  registerExpectationAnswer,
  requestTimeouts,
} from './plugins/http-edges';
import { compileValidator } from './plugins/validation';
import { registerWebApp } from './plugins/web-app';
import { idempotentDatabase, registerIdempotency } from './plugins/idempotency';
import { createTokenService } from './security/tokens';
import type { ServerKeys } from './security/server-keys';
import { registerAccountRoutes } from './modules/account/routes';
import { registerManagementRoutes } from './modules/management/routes';
import { LoggerRegistry } from './modules/management/loggers';
import { registerHttpMetrics } from './modules/management/metrics';
import { registerOpenApi } from './modules/management/openapi';
import { type MailMessage, registerMailer } from './modules/mail/mailer';
import { credentialChecks, registerRateLimits } from './modules/account/rate-limits';
import { registerAccessLog } from './modules/audit/access-log';
import { createEventBus } from './modules/events/bus';
import { registerEventRoutes } from './modules/events/routes';
import { registerSelfServiceRoutes } from './modules/account/self-service';
import { registerUserRoutes } from './modules/users/routes';
import { registerSessionRoutes } from './modules/sessions/routes';
import { registerPreferenceRoutes } from './modules/preferences/routes';
import { registerNotificationRoutes } from './modules/notifications/routes';
import { SessionStore } from './modules/sessions/sessions';
import { registerMfaRoutes } from './modules/mfa/routes';
import { registerOidcRoutes } from './modules/oidc/routes';
import { loggedUrl } from './modules/oidc/flow';
import { TotpStore } from './modules/mfa/totp';
import { WORKFLOWS, moneyRequestOf, workflowOf } from '@bank/domain';
import { registerEntityRoutes } from './engine/routes';
import { combineHooks } from './engine/entity-service';
import { correctionHooks, moneyRequestHooks } from './ledger/request-hooks';
import { registerLedgerRoutes } from './ledger/routes';
import { registerEvidenceRoutes } from './evidence/routes';
import { ANCHORS_FILE, anchorKey, startAnchoring } from './evidence/anchors';
import { startSealing } from './evidence/seal';
import { startDuePostings } from './ledger/due-postings';
import { fourEyesRule } from './workflow/four-eyes';
import { workflowHooks } from './workflow/staff-update';
import { registerWorkflowRoutes } from './workflow/routes';
import { registerBulkDecisions } from './workflow/bulk';
import { registerClientFileRoutes } from './modules/clients/routes';
import { registerClientRequestRoutes } from './modules/clients/requests';
import { registerClientSearchRoutes } from './modules/clients/search';
import { registerBeneficiaryRoutes } from './modules/beneficiaries/routes';
import { registerMoneyRoutes } from './modules/money/routes';
import { registerSubscriptionRoutes } from './modules/subscriptions/routes';
import { registerWorkRoutes } from './modules/work/routes';

export interface AppOptions {
  config: Config;
  db: Database;
  /** From loadServerKeys (main.ts), or made up by a test. */
  keys: ServerKeys;
  /** A copy of every mail sent, its link's key included (tests). */
  mailbox?: (message: MailMessage) => void;
}

export async function buildApp({ config, db: database, keys, mailbox }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Behind a proxy, request.ip (rate limits, audits) must be the client's, not the proxy's.
    trustProxy: config.trustProxy,
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      // Fastify's own request fields, but the directory's answer (code, state) stays out of the log.
      serializers: {
        req: (req) => ({
          method: req.method,
          url: loggedUrl(req.url ?? ''),
          host: (req as { host?: string }).host,
          remoteAddress: (req as { ip?: string }).ip,
          remotePort: req.socket?.remotePort,
        }),
      },
    },
    bodyLimit: 4 * 1024 * 1024,
    // Requests arriving while the server closes get a 503 problem from registerClosingAnswer instead.
    return503OnClosing: false,
    frameworkErrors,
    clientErrorHandler,
    ...requestTimeouts,
  });

  app.setValidatorCompiler(({ schema, httpPart }) => compileValidator(schema, httpPart));

  await registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its CSS variables in a style element.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        // The xlsx export zips large sheets in a worker started from a blob.
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // HSTS only over TLS, which a trusted proxy terminates; on plain HTTP it would be ignored or harmful.
    strictTransportSecurity: config.trustProxy ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });

  registerErrorHandling(app);
  registerApiNoStore(app);
  registerClosingAnswer(app);
  registerExpectationAnswer(app);
  registerConnectionLimit(app, config.connectionsPerAddress, config.trustProxy);
  // Behind a load balancer, which instance answered. Set on the raw response so that event streams,
  // which take the reply over, carry it too.
  const instanceId = config.instanceId;
  if (instanceId) {
    app.addHook('onRequest', async (_request, reply) => {
      reply.raw.setHeader('x-instance-id', instanceId);
    });
  }
  // Every route's statements go through the Idempotency-Key's seam; the access log, the event bus and the
  // keys' own statements are not a request's write and use the database itself.
  const db = idempotentDatabase(database);
  const loggers = new LoggerRegistry(app.log);
  const bus = await createEventBus(database, config.databaseUrl, loggers.get('db'));
  const tokens = createTokenService(keys.jwtSecret);
  const accounts = new AccountStateCache(db, bus);
  const sessions = new SessionStore(db, bus, {
    idleMs: config.sessionIdleMinutes * 60_000,
    maxMs: config.sessionMaxHours * 3_600_000,
    perUser: config.sessionsPerUser,
  });
  registerAuth(app, tokens, accounts, sessions, config.mfaRequiredRoles);
  const totp = new TotpStore(keys.mfaKey);

  // Before any route: HTTP metrics, OpenAPI (swagger profile) and per-IP rate limits.
  const metrics = registerHttpMetrics(app, db, loggers.get('http'));
  await registerOpenApi(app, config);
  await registerRateLimits(app);
  await registerAccessLog(app, database, config.accessLog);
  app.decorate('exportMaxRows', config.exportMaxRows);
  registerIdempotency(app, database);
  const mailer = registerMailer(app, config, db, loggers.get('mail'), mailbox);
  const checks = credentialChecks(app, config.rateLimitAuthenticate);

  registerAccountRoutes(app, { db, tokens, accounts, sessions, totp, mailer, credentialChecks: checks });
  registerSelfServiceRoutes(app, { db, config, accounts, sessions, mailer, log: loggers.get('auth') });
  registerUserRoutes(app, { db, config, accounts, sessions, mailer, log: loggers.get('auth') });
  registerSessionRoutes(app, { db, accounts, sessions });
  registerPreferenceRoutes(app, db);
  registerNotificationRoutes(app, db);
  registerMfaRoutes(app, {
    db,
    accounts,
    sessions,
    totp,
    mfaRequiredRoles: config.mfaRequiredRoles,
    credentialChecks: checks,
  });
  registerOidcRoutes(app, {
    db,
    config,
    tokens,
    accounts,
    sessions,
    jwtSecret: keys.jwtSecret,
    log: loggers.get('auth'),
  });
  registerManagementRoutes(app, { db, config, loggers, mailer, metrics });
  const fourEyesRules = new Map(
    WORKFLOWS.flatMap((w) => {
      const rule = fourEyesRule(w, config.fourEyesThresholdXof, config.fourEyesSeniorRoles);
      return rule ? [[w.entity, rule] as const] : [];
    }),
  );
  const services = registerEntityRoutes(app, db, (entity) => {
    const workflow = workflowOf(entity.name);
    if (!workflow) return undefined;
    const money = moneyRequestOf(entity.name);
    return combineHooks(
      workflowHooks(workflow, bus, app.log, fourEyesRules.get(workflow.entity)),
      money && moneyRequestHooks(money, workflow),
      entity.name === 'ledgerCorrection' ? correctionHooks(workflow) : undefined,
    );
  });
  registerLedgerRoutes(app, db);
  // The chains' heads, anchored outside the database under a key it never holds (evidence/anchors.ts).
  const anchors = { file: path.join(config.dataDir, ANCHORS_FILE), key: anchorKey(keys.jwtSecret) };
  if (config.evidenceAnchorMinutes > 0) {
    const stop = startAnchoring(db, anchors.file, anchors.key, config.evidenceAnchorMinutes * 60_000, app.log);
    app.addHook('onClose', async () => stop());
  }
  registerEvidenceRoutes(app, db, config.evidenceAnchorMinutes > 0 ? anchors : undefined);
  const sealing = startSealing(db, loggers.get('db'));
  const duePostings = startDuePostings(
    db,
    (entity, id, tx) => services.get(entity)!.get(id, tx),
    config.duePostingSeconds * 1000,
    loggers.get('db'),
  );
  registerWorkflowRoutes(app, db, services, fourEyesRules);
  registerClientFileRoutes(app, services);
  registerClientSearchRoutes(app, db);
  registerClientRequestRoutes(app, db);
  registerBeneficiaryRoutes(app, services);
  registerMoneyRoutes(app, services);
  registerSubscriptionRoutes(app, db, services);
  registerEventRoutes(app, db, bus);
  registerWorkRoutes(app, db, config.queueSlaHours, fourEyesRules);
  registerBulkDecisions(app, services);

  await registerWebApp(app, config.webDist);
  app.addHook('onClose', async () => {
    await duePostings.stop();
    await sealing.stop();
    await sessions.close();
    await db.close();
  });
  return app;
}
