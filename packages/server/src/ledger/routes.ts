// `GET management/ledger` (ADMIN): whether the books reconcile, each check with its figures.
import type { FastifyInstance } from 'fastify';
import { ROUTE_ACCESS } from '@bank/domain';
import type { Database } from '../db/database';
import { checkBooks } from './check';

export function registerLedgerRoutes(app: FastifyInstance, db: Database): void {
  app.get('/management/ledger', { config: { access: ROUTE_ACCESS.management } }, () => checkBooks(db));
}
