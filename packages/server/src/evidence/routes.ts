// `GET management/evidence` (ADMIN): whether every evidence chain is intact, else its first broken row.
import type { FastifyInstance } from 'fastify';
import { ROUTE_ACCESS } from '@bank/domain';
import type { Database } from '../db/database';
import { verifyEvidence } from './verify';

export function registerEvidenceRoutes(app: FastifyInstance, db: Database): void {
  app.get('/management/evidence', { config: { access: ROUTE_ACCESS.management } }, () => verifyEvidence(db));
}
