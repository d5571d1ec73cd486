// The demo bank's data for an empty database (DESIGN.md section 2): reference data, Senegalese
// customers and accounts, months of transactions, requests of every kind in every status.
import { entityByName } from '@bank/domain';
import type { Database } from '../db/database';
import { buildSchemaModel, quote } from '../db/schema';
import { bulkTarget, finishCopies, settleCopies, type BulkTarget } from './bulk';
import { BulkRebuild, beginBulkLoad } from './bulk-load';
import { seedCash } from './cash';
import { seedClients } from './clients';
import { createContext, type SeedContext, type Volumes } from './context';
import { seedReferenceData } from './reference-data';
import { seedRequests } from './requests';
import { seedSubscriptions } from './subscriptions';
import { seedTransactions, seedLoans } from './transactions';
import { seedBeneficiaries, seedTransfers } from './transfers';
import { bookUnbooked, openBooks } from '../ledger/open-books';

/** Arbitrary constant shared by every instance of this application (demo accounts and demo data). */
export const DEMO_SEED_LOCK_KEY = 724_311_002;

export interface DemoDataOptions {
  /** Multiplies the row counts (1: ~300 clients, ~20,000 transactions). */
  scale?: number;
  /** Rows wanted per entity, overriding the scaled count (context.ts LARGE). */
  volumes?: Volumes;
  /** The instant the data is "now" at; default the current time (dates then move with the day). */
  now?: Date;
  /** Called before each step (progress of large seeds). */
  onStepStart?: (step: string) => void;
  /** Called after each step with its duration (progress of large seeds). */
  onStep?: (step: string, ms: number) => void;
  /** Called as rows are written (progress of large seeds). */
  onRows?: (count: number) => void;
  /** Called as the indexes, keys and counts of a large load are built: `done` statements of `total`. */
  onRebuild?: (done: number, total: number) => void;
}

/** From this size on PostgreSQL, tables are loaded bare and indexed once at the end. */
const BULK_SCALE = 10;

/** Rows written per client, and per request of each kind with its history, measured on the demo data. */
const ROWS_PER_CLIENT = 14.6;
const ROWS_PER_REQUEST = 3.5;

/** About how many rows a seed writes (for its progress bar). */
export function estimateRows(options: Pick<DemoDataOptions, 'scale' | 'volumes'>): number {
  const scale = options.scale ?? 1;
  let rows = ROWS_PER_CLIENT * 300 * scale;
  const demo: Record<string, number> = { transaction: 20_000, transfer: 3_000, beneficiary: 400, provisionCash: 200 };
  for (const entity of [
    'transaction',
    'transfer',
    'beneficiary',
    'provisionCash',
    'checkbookOrder',
    'cardOrder',
    'checkOpposition',
    'cardOpposition',
    'subsRequest',
    'smsSubscription',
    'beneficiaryCash',
  ]) {
    const count = options.volumes?.[entity] ?? (demo[entity] ?? 150) * scale;
    rows += count * (entity === 'transaction' ? 1 : ROWS_PER_REQUEST);
  }
  return Math.round(rows);
}

/** The biggest tables, all written by the step named: a bulk load indexes them while the next steps run. */
const FINISHED_BY: Readonly<Record<string, readonly string[]>> = {
  transactions: ['transaction', 'balanceLog'],
  transfers: ['transfer', 'transferLog'],
};

/** Writes every table of the demo data through `ctx`, step by step; `after` hears of each step done. */
async function writeAll(
  ctx: SeedContext,
  options: DemoDataOptions,
  after?: (step: string) => Promise<void>,
): Promise<void> {
  const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    options.onStepStart?.(name);
    const started = performance.now();
    const result = await work();
    options.onStep?.(name, performance.now() - started);
    await after?.(name);
    return result;
  };
  const ref = await step('reference data', () => seedReferenceData(ctx));
  const people = await step('clients and accounts', () => seedClients(ctx, ref));
  await step('transactions', () => seedTransactions(ctx, ref, people));
  await step('loans', () => seedLoans(ctx, people));
  const beneficiaries = await step('beneficiaries', () => seedBeneficiaries(ctx, people));
  await step('transfers', () => seedTransfers(ctx, people, beneficiaries));
  await step('requests', () => seedRequests(ctx, ref, people));
  await step('subscriptions', () => seedSubscriptions(ctx, ref, people));
  await step('cash', () => seedCash(ctx, ref, people));
  await step('last writes', () => finishCopies(ctx.db));
}

const CLIENT_TABLE = quote(entityByName('client').table);

/**
 * Fills a database without customers with the demo data and returns true; returns false and writes
 * nothing when clients already exist. In one transaction, except for large seeds on PostgreSQL
 * (scale 10 or more, or volumes): those load bare tables over several connections and index them
 * afterwards, so an interrupted one leaves a partial database to drop.
 * @example await seedDemoData(db, { scale: 10 })
 */
export async function seedDemoData(db: Database, options: DemoDataOptions = {}): Promise<boolean> {
  if (db.copyFrom && (options.volumes !== undefined || (options.scale ?? 1) >= BULK_SCALE)) {
    const [existing] = await db.query<{ any: boolean }>(`select exists (select 1 from ${CLIENT_TABLE}) as any`);
    if (existing!.any) return false;
    await beginBulkLoad(db);
    const target: BulkTarget = {
      query: (text, params) => db.query(text, params),
      exec: (script) => db.exec(script),
      copyFrom: db.copyFrom.bind(db),
      ...(options.onRows ? { onRows: options.onRows } : {}),
    };
    const rebuild = new BulkRebuild(db, options.onRebuild);
    await writeAll(createContext(target, options), options, async (step) => {
      const finished = FINISHED_BY[step];
      if (!finished) return;
      await settleCopies(target);
      rebuild.early(finished.map((name) => entityByName(name).table));
    });
    // The books before the rebuild: their postings then load without the evidence trigger, row by row,
    // and are chained with the other tables in one pass each.
    options.onStepStart?.('books');
    const booked = performance.now();
    await openBooks(db);
    options.onStep?.('books', performance.now() - booked);
    options.onStepStart?.('indexes, keys and counts');
    const started = performance.now();
    await rebuild.end();
    options.onStep?.('indexes, keys and counts', performance.now() - started);
    return true;
  }
  const seeded = await db.transaction(async (tx) => {
    // Instances starting together over one PostgreSQL seed once: the second waits, then finds clients.
    await tx.query('select pg_advisory_xact_lock($1)', [DEMO_SEED_LOCK_KEY]);
    const [existing] = await tx.query<{ any: boolean }>(`select exists (select 1 from ${CLIENT_TABLE}) as any`);
    if (existing!.any) return false;
    await writeAll(createContext(bulkTarget(tx, options.onRows), options), options);
    await bookUnbooked(tx);
    // Many inserts left many counter rows: fold them.
    for (const table of Object.keys(buildSchemaModel().counters ?? {}))
      await tx.query('select row_count_compact($1)', [table]);
    return true;
  });
  // Planner statistics and the visibility map for the new rows: the embedded database has no
  // autovacuum, and without them it scans and sorts whole tables.
  if (seeded) await db.exec('vacuum analyze');
  return seeded;
}
