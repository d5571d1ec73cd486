// Requests validated before their execution date keep their hold and post on that date. Every instance
// looks every so often; a due hold is taken under a row lock that others skip, and its entry's key is
// unique, so each posts exactly once whichever instance finds it first.
import { MONEY_REQUESTS, moneyRequestOf } from '@bank/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../db/database';
import type { Row } from '../engine/entity-service';
import { runEvery } from '../ops/periodic';
import { postRequest } from './request-hooks';

/** Reads a request as its routes answer it (joined fields included), inside the posting's transaction. */
export type ReadRequest = (entity: string, id: number, tx: Queryable) => Promise<Row>;

/** Who posts a request whose date has come, in its entry and statement line. */
export const SCHEDULER = 'system';

/** Posts the holds due now, one transaction each; returns how many it posted. */
export async function postDue(db: Database, read: ReadRequest): Promise<number> {
  let posted = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [due] = await tx.query<{ request_entity: string; request_id: number }>(
        `select request_entity, request_id from ledger_hold
          where settled_at is null and due_at <= now() and request_entity = any($1::text[])
          order by due_at limit 1 for update skip locked`,
        [MONEY_REQUESTS.map((m) => m.entity)],
      );
      if (!due) return false;
      const money = moneyRequestOf(due.request_entity)!;
      const row = await read(money.entity, Number(due.request_id), tx);
      await postRequest(tx, money, row, SCHEDULER);
      return true;
    });
    if (!done) return posted;
    posted++;
  }
}

export function startDuePostings(
  db: Database,
  read: ReadRequest,
  everyMs: number,
  log: FastifyBaseLogger,
): { stop(): Promise<void> } {
  return runEvery(everyMs, async () => {
    try {
      const posted = await postDue(db, read);
      if (posted > 0) log.info({ posted }, 'requests posted on their execution date');
    } catch (error) {
      // A database away (restart, failover) is tried again at the next turn.
      log.warn({ err: error }, 'posting the requests due failed; trying again later');
    }
  });
}
