// What every demo-seed step shares: the open transaction, the reference instant, the scale and
// one PRNG per step (so that changing one step leaves the data of the others as they were).
import { DEMO_ACCOUNTS, ROLES } from '@bank/domain';
import type { Queryable } from '../db/database';
import { Random } from './random';

export interface SeedContext {
  db: Queryable;
  /** The instant the demo data is "now" at (ms): the start of the seeding day, UTC (= Dakar time). */
  anchor: number;
  scale: number;
  /** `n` scaled, at least 1; or the volume set for `entity`, when one is. */
  count(n: number, entity?: string): number;
  /** A PRNG of its own for the step named `step`. */
  random(step: string): Random;
  /** Staff logins that write request histories (every demo account but the administrator). */
  staff: readonly string[];
}

const SEED = 20_240_611;

function hash(text: string): number {
  let h = SEED;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x5bd1e995) >>> 0;
  return h;
}

/** Rows wanted per entity (registry name), overriding the scaled demo count of that entity. */
export type Volumes = Readonly<Record<string, number>>;

/**
 * Bank scale (issue 8, DESIGN.md section 8): 200,000 clients (so ~300,000 accounts), 1,000,000
 * transfers, 5,000,000 transactions and 100,000 requests of each type; the rest scales with clients.
 */
export const LARGE = {
  scale: 200_000 / 300,
  volumes: {
    transaction: 5_000_000,
    transfer: 1_000_000,
    ...Object.fromEntries(
      [
        'beneficiary',
        'checkbookOrder',
        'cardOrder',
        'checkOpposition',
        'cardOpposition',
        'subsRequest',
        'smsSubscription',
        'beneficiaryCash',
        'provisionCash',
      ].map((entity) => [entity, 100_000]),
    ),
  } as Volumes,
};

export function createContext(
  db: Queryable,
  options: { scale?: number; volumes?: Volumes; now?: Date } = {},
): SeedContext {
  const scale = options.scale ?? 1;
  if (!(scale > 0) || !Number.isFinite(scale))
    throw new Error(`Demo seed scale must be a positive number, got ${scale}`);
  const now = (options.now ?? new Date()).getTime();
  return {
    db,
    anchor: now - (now % 86_400_000),
    scale,
    count: (n, entity) => options.volumes?.[entity ?? ''] ?? Math.max(1, Math.round(n * scale)),
    random: (step) => new Random(hash(step)),
    staff: DEMO_ACCOUNTS.filter((a) => !a.authorities.includes(ROLES.ADMIN)).map((a) => a.login),
  };
}

/**
 * The status of the `index`-th request: the enum's values in turn for the first ones, so that every
 * status is present, then drawn by weight.
 */
export function statusFor<S extends string>(
  rng: Random,
  index: number,
  weights: ReadonlyArray<readonly [S, number]>,
): S {
  return index < weights.length ? weights[index]![0] : rng.weighted(weights);
}
