// management/health: the database (ping and latency), the disk of the data directory and the mail path.
// DOWN when any part is DOWN (503). Anonymous callers such as load balancers see only the status.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { ROLES, hasAnyAuthority } from '@bank/domain';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { Mailer } from '../mail/mailer';

export type HealthStatus = 'UP' | 'DOWN';

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the instance is about to stop (main.ts): health answers DOWN while requests are still served. */
    draining: boolean;
  }
}

export interface HealthComponent {
  status: HealthStatus;
  details: Record<string, unknown>;
}

/**
 * A ping that has not answered by then counts as DOWN: a load balancer's check must get its answer
 * while a database that vanished leaves connection attempts hanging.
 */
const DATABASE_PING_TIMEOUT_MS = 3_000;

export async function databaseHealth(db: Database, timeoutMs = DATABASE_PING_TIMEOUT_MS): Promise<HealthComponent> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const ping = db.query('select 1');
    ping.catch(() => {}); // a ping that fails after the timeout must not go unhandled
    await Promise.race([
      ping,
      new Promise((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return {
      status: 'UP',
      details: {
        database: db.kind === 'pglite' ? 'PGlite (embedded PostgreSQL)' : 'PostgreSQL',
        latencyMs: Math.round((performance.now() - started) * 100) / 100,
      },
    };
  } catch (error) {
    return { status: 'DOWN', details: { error: (error as Error).message } };
  } finally {
    clearTimeout(timer);
  }
}

/** The data directory, or its nearest existing parent before the first start created it. */
async function existingDirectory(dir: string): Promise<string> {
  for (let current = dir; ; current = path.dirname(current)) {
    try {
      await fs.access(current);
      return current;
    } catch {
      if (path.dirname(current) === current) return current;
    }
  }
}

export async function diskHealth(dataDir: string, threshold: number): Promise<HealthComponent> {
  try {
    const dir = await existingDirectory(dataDir);
    const stats = await fs.statfs(dir);
    const free = stats.bavail * stats.bsize;
    return {
      status: free >= threshold ? 'UP' : 'DOWN',
      details: { path: dir, total: stats.blocks * stats.bsize, free, threshold },
    };
  } catch (error) {
    return { status: 'DOWN', details: { path: dataDir, error: (error as Error).message } };
  }
}

export function registerHealthRoute(
  app: FastifyInstance,
  deps: { db: Database; config: Config; mailer: Mailer; log: FastifyBaseLogger },
): void {
  const { db, config, mailer, log } = deps;
  app.decorate('draining', false);

  app.get('/management/health', { config: { access: 'public' } }, async (request, reply) => {
    const [database, diskSpace, mail] = await Promise.all([
      databaseHealth(db),
      diskHealth(config.dataDir, config.diskSpaceThreshold),
      mailer.check(),
    ]);
    const components = { db: database, diskSpace, mail };
    if (database.status === 'DOWN') log.warn({ error: database.details.error }, 'database health check failed');
    const down = app.draining || Object.values(components).some((c) => c.status === 'DOWN');
    const status: HealthStatus = down ? 'DOWN' : 'UP';
    reply.code(status === 'UP' ? 200 : 503);
    if (!hasAnyAuthority(request.user?.authorities, [ROLES.ADMIN])) return { status };
    return { status, components };
  });
}
