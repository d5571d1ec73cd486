// Operations endpoints of the foundation: application profile and health (spec part 1 §7.3).
import type { FastifyInstance } from 'fastify';
import { ROLES, hasAnyAuthority } from '@bank/domain';
import type { Config } from '../../config';
import { isProduction } from '../../config';
import type { Database } from '../../db/database';

export function registerManagementRoutes(app: FastifyInstance, deps: { db: Database; config: Config }): void {
  const { db, config } = deps;

  app.get('/management/info', { config: { access: 'public' } }, async () => ({
    activeProfiles: config.profiles,
    ribbonEnv: isProduction(config) ? null : (config.profiles[0] ?? 'dev'),
    inProduction: isProduction(config),
    isSwaggerEnabled: config.profiles.includes('swagger'),
  }));

  // Anyone may ask whether the service is up (load balancers do); only administrators see details.
  app.get('/management/health', { config: { access: 'public' } }, async (request, reply) => {
    const started = performance.now();
    let database: { status: 'UP' | 'DOWN'; details: Record<string, unknown> };
    try {
      await db.query('select 1');
      database = {
        status: 'UP',
        details: {
          database: db.kind === 'pglite' ? 'PGlite (embedded PostgreSQL)' : 'PostgreSQL',
          latencyMs: Math.round((performance.now() - started) * 100) / 100,
        },
      };
    } catch (error) {
      database = { status: 'DOWN', details: { error: (error as Error).message } };
    }
    const status = database.status;
    reply.code(status === 'UP' ? 200 : 503);
    if (!hasAnyAuthority(request.user?.authorities, [ROLES.ADMIN])) return { status };
    return { status, components: { db: database } };
  });
}
