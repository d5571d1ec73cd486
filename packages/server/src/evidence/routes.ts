// `GET management/evidence` (ADMIN): whether every evidence chain is intact, else its first broken row;
// checked against the heads this instance anchored outside the database, when it anchors.
import type { FastifyInstance } from 'fastify';
import { ROUTE_ACCESS } from '@bank/domain';
import type { Database } from '../db/database';
import { verifyEvidence } from './verify';

export function registerEvidenceRoutes(
  app: FastifyInstance,
  db: Database,
  anchors?: { file: string; key: Uint8Array },
): void {
  app.get('/management/evidence', { config: { access: ROUTE_ACCESS.management } }, () => verifyEvidence(db, anchors));
}
