// The sealer (migration 0039, docs/evidence.md): links the batches of evidence that writers recorded into
// their chains, off the request path, and records the rows of the chains it collects (the access log,
// migration 0043). Every instance runs it every second; a chain being linked by another
// is skipped under its head's lock, so two instances never link the same batch.
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/database';
import { runEvery } from '../ops/periodic';

/** How often each instance links what was written since its last turn. */
const SEAL_EVERY_MS = 1000;
/**
 * Every how many turns one links whatever still waits, a batch committed after a later one was linked
 * included (migration 0040: the other turns look past the last batch linked only).
 */
const FULL_TURN_EVERY = 30;

/**
 * Links the committed batches not linked yet; returns how many. `recent`: only those past the last
 * batch linked (the cheap turn). On a standby it links nothing (it cannot write): a check there reports
 * what waits for the primary's sealer as pending.
 */
export async function sealEvidence(db: Pick<Queryable, 'query'>, recent = false): Promise<number> {
  const [row] = await db.query<{ linked: string }>(
    'select case when pg_is_in_recovery() then 0 else evidence_seal(null, $1) end as linked',
    [recent],
  );
  return Number(row?.linked ?? 0);
}

export function startSealing(db: Pick<Queryable, 'query'>, log: FastifyBaseLogger): { stop(): Promise<void> } {
  let failing = false;
  let turn = 0;
  return runEvery(SEAL_EVERY_MS, async () => {
    try {
      await sealEvidence(db, turn++ % FULL_TURN_EVERY !== 0);
      failing = false;
    } catch (error) {
      // A database away (restart, failover) is tried again at the next turn; said once.
      if (!failing) log.warn({ err: error }, 'linking the evidence failed; trying again every second');
      failing = true;
    }
  });
}
