// api/gateway/routes: the route table of the gateway. One process serves the three path prefixes
// (DESIGN.md §3), so each route lists this instance with its address and a health from a database ping.
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { ROUTE_ACCESS } from '@bank/domain';
import type { Database } from '../../db/database';
import { databaseHealth } from './health';

const SERVICES = [
  { path: '/api/**', serviceId: 'gateway' },
  { path: '/core/api/**', serviceId: 'core' },
  { path: '/management/**', serviceId: 'management' },
] as const;

function addressOf(app: FastifyInstance): { host: string; port: number } | null {
  const address = app.server.address();
  return address && typeof address === 'object' ? { host: address.address, port: address.port } : null;
}

export function registerGatewayRoutes(app: FastifyInstance, db: Database, instanceId?: string): void {
  app.get('/api/gateway/routes', { config: { access: ROUTE_ACCESS.management } }, async () => {
    const health = await databaseHealth(db);
    const address = addressOf(app);
    const instance = {
      instanceId: instanceId ?? `${os.hostname()}:${process.pid}`,
      host: address?.host ?? os.hostname(),
      port: address?.port ?? null,
      // Not listening (tests through inject): the routes are served inside this process.
      uri: address
        ? `http://${address.host.includes(':') ? `[${address.host}]` : address.host}:${address.port}`
        : 'in-process',
      health: health.status,
    };
    return SERVICES.map(({ path, serviceId }) => ({
      path,
      serviceId,
      serviceInstances: [{ serviceId, ...instance }],
    }));
  });
}
