// Request histories for the demo data: 1-4 staff updates per request, by different staff
// logins, in increasing time, the last one setting the request's current status
// (DESIGN.md section 2: comment = `observation{}status{}authorLogin`).
import {
  DEMO_ACCOUNTS,
  WORKFLOWS,
  can,
  encodeHistoryComment,
  entityByName,
  hasAnyAuthority,
  workflowOf,
} from '@bank/domain';
import { insertRows, type SeedRow } from './bulk';
import type { SeedContext } from './context';
import { HOUR_MS, type Random } from './random';
import { OBSERVATIONS } from './vocabulary';

export interface HistoryEntry {
  observation: string;
  status: string;
  author: string;
  at: number;
}

/** The history comment format of DESIGN.md section 2. */
export const historyComment = (entry: HistoryEntry) =>
  encodeHistoryComment(entry.observation, entry.status, entry.author);

/** Statuses a request passes through before its current one, in workflow order, per status enum. */
const OPEN_STATUSES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  WORKFLOWS.map((w) => [entityByName(w.entity).field(w.status)!.enum!, w.openStatuses]),
);

function previousStatuses(statusEnum: string, current: string): readonly string[] {
  const open = OPEN_STATUSES[statusEnum];
  if (!open) throw new Error(`Demo seed: no history flow for enum ${statusEnum}`);
  const position = open.indexOf(current);
  if (position >= 0) return open.slice(0, position + 1);
  // A deleted beneficiary had been accepted first.
  return current === 'DELETED' ? [...open, 'ACCEPTED'] : open;
}

export const observationFor = (rng: Random, status: string) => rng.pick(OBSERVATIONS[status] ?? ['Mise à jour']);

/** The demo logins whose roles decide no request type (agentsaisie, reclamations): they file at the counter. */
const COUNTER_FILERS = DEMO_ACCOUNTS.filter((a) => !WORKFLOWS.some((w) => hasAnyAuthority(a.authorities, w.roles)));

/**
 * Who filed an open request of `entity` at the counter, or undefined for the customer channel: one in three,
 * so that the filers' « Mes saisies » has rows and the deciders' queues keep most of theirs. Only a login whose
 * role may create the type (the domain's permissions); never a decider of it (maker is not checker).
 */
export function counterFiler(rng: Random, entity: string, status: string): string | undefined {
  if (!workflowOf(entity)!.openStatuses.includes(status) || !rng.chance(1 / 3)) return undefined;
  const filers = COUNTER_FILERS.filter((a) => can(a.authorities, 'create', entity));
  return filers.length > 0 ? rng.pick(filers).login : undefined;
}

/**
 * The staff updates of one request created at `createdAt`, ending in `current`, all before `anchor`; none by
 * its `filer`, who may not decide it.
 * @example buildHistory(ctx, rng, 'demandStatus', 'VALIDATED', createdAt)
 */
export function buildHistory(
  ctx: SeedContext,
  rng: Random,
  statusEnum: string,
  current: string,
  createdAt: number,
  filer?: string | null,
): HistoryEntry[] {
  const count = rng.int(1, 4);
  const before = previousStatuses(statusEnum, current);
  // Earlier statuses in workflow order: sorted positions into `before`.
  const positions = Array.from({ length: count - 1 }, () => rng.int(0, before.length - 1)).sort((a, b) => a - b);
  const statuses = [...positions.map((p) => before[p]!), current];
  const authors = rng.sample(
    ctx.staff.filter((login) => login !== filer),
    count,
  );
  const end = Math.min(ctx.anchor - 60_000, createdAt + rng.int(2, 240) * HOUR_MS);
  const times = statuses
    .map(() => rng.instant(createdAt + 60_000, end))
    .sort((a, b) => a - b)
    .map((t, i) => Math.max(t, createdAt + 60_000) + i * 1000);
  return statuses.map((status, i) => ({
    status,
    observation: observationFor(rng, status),
    author: authors[i]!,
    at: times[i]!,
  }));
}

export interface RequestType<Item> {
  /** Entity of the request and the field holding its status. */
  entity: string;
  /** Entity of its history rows. */
  logEntity: string;
  statusEnum: string;
  /** The request row (current status, comment, updated-at from the last history entry). */
  row(item: Item, last: HistoryEntry): SeedRow;
  /** One history row of the request with id `requestId`. */
  logRow(item: Item, entry: HistoryEntry, requestId: number): SeedRow;
}

/**
 * Inserts requests with their histories, 1,000 requests at a time; `items` carry what `row`
 * and `logRow` need, including `status` and `createdAt`, and who filed them when the type says
 * (else a counter filer for some open ones, see counterFiler).
 */
export async function insertRequests<Item extends { status: string; createdAt: number; filedBy?: string }>(
  ctx: SeedContext,
  rng: Random,
  type: RequestType<Item>,
  items: Iterable<Item>,
): Promise<number[]> {
  const ids: number[] = [];
  let batch: Array<{ item: Item; history: HistoryEntry[]; filedBy: string | null }> = [];
  const flush = async () => {
    const requestIds = await insertRows(
      ctx.db,
      type.entity,
      batch.map(({ item, history, filedBy }) => ({ ...type.row(item, history[history.length - 1]!), filedBy })),
      { returning: true },
    );
    const logs = batch.flatMap(({ item, history }, i) => history.map((e) => type.logRow(item, e, requestIds[i]!)));
    await insertRows(ctx.db, type.logEntity, logs);
    ids.push(...requestIds);
    batch = [];
  };
  for (const item of items) {
    const filedBy = item.filedBy ?? counterFiler(rng, type.entity, item.status);
    const history = buildHistory(ctx, rng, type.statusEnum, item.status, item.createdAt, filedBy);
    batch.push({ item, history, filedBy: filedBy ?? null });
    if (batch.length >= 1000) await flush();
  }
  if (batch.length > 0) await flush();
  return ids;
}
