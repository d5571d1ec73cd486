// Operations endpoints (spec part 1 §7.3): application profile, health, metrics, configuration, logs, audits,
// the gateway route table and the OpenAPI document. Everything but info and health is for administrators.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { isProduction } from '../../config';
import type { Database } from '../../db/database';
import type { Mailer } from '../mail/mailer';
import { registerAuditRoutes } from './audits';
import { registerConfigRoutes } from './config-report';
import { registerGatewayRoutes } from './gateway';
import { registerHealthRoute } from './health';
import { registerLogRoutes, type LoggerRegistry } from './loggers';
import { registerMetricsRoutes, type HttpMetrics } from './metrics';
import { isSwaggerEnabled, registerOpenApiRoute } from './openapi';

export interface ManagementDeps {
  db: Database;
  config: Config;
  loggers: LoggerRegistry;
  mailer: Mailer;
  metrics: HttpMetrics;
}

export function registerManagementRoutes(app: FastifyInstance, deps: ManagementDeps): void {
  const { db, config, loggers, mailer, metrics } = deps;

  app.get('/management/info', { config: { access: 'public' } }, async () => ({
    activeProfiles: config.profiles,
    ribbonEnv: isProduction(config) ? null : (config.profiles[0] ?? 'dev'),
    inProduction: isProduction(config),
    isSwaggerEnabled: isSwaggerEnabled(config),
    // Where the password-reset page sends customers once done (spec part 1 §7.1).
    ebankingUrl: config.ebankingUrl,
    // The web app warns a minute before the server ends an idle session.
    sessionIdleMinutes: config.sessionIdleMinutes,
    // Sign-in through the bank's directory: the sign-in page shows its button when on.
    oidc: config.oidcIssuerUrl ? { label: config.oidcLabel } : null,
  }));

  registerHealthRoute(app, { db, config, mailer, log: loggers.get('db') });
  registerMetricsRoutes(app, metrics);
  registerConfigRoutes(app, config);
  registerLogRoutes(app, { db, loggers });
  registerAuditRoutes(app, db);
  registerGatewayRoutes(app, db, config.instanceId);
  registerOpenApiRoute(app, config);
}
