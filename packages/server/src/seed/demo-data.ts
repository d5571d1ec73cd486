// The demo bank's data for an empty database (DESIGN.md section 2): reference data, Senegalese
// customers and accounts, months of transactions, requests of every kind in every status.
import { entityByName } from '@bank/domain';
import type { Database } from '../db/database';
import { quote } from '../db/schema';
import { seedCash } from './cash';
import { seedClients } from './clients';
import { createContext } from './context';
import { seedReferenceData } from './reference-data';
import { seedRequests } from './requests';
import { seedSubscriptions } from './subscriptions';
import { seedTransactions, seedLoans } from './transactions';
import { seedBeneficiaries, seedTransfers } from './transfers';

/** Arbitrary constant shared by every instance of this application. */
const DEMO_SEED_LOCK_KEY = 724_311_002;

export interface DemoDataOptions {
  /** Multiplies the row counts (1: ~300 clients, ~20,000 transactions). */
  scale?: number;
  /** The instant the data is "now" at; default the current time (dates then move with the day). */
  now?: Date;
  /** Called after each step with its duration (progress of large seeds). */
  onStep?: (step: string, ms: number) => void;
}

/**
 * Fills a database without customers with the demo data, in one transaction; returns false and
 * writes nothing when clients already exist.
 * @example await seedDemoData(db, { scale: 10 })
 */
export async function seedDemoData(db: Database, options: DemoDataOptions = {}): Promise<boolean> {
  const table = quote(entityByName('client').table);
  return db.transaction(async (tx) => {
    // Instances starting together over one PostgreSQL seed once: the second waits, then finds clients.
    await tx.query('select pg_advisory_xact_lock($1)', [DEMO_SEED_LOCK_KEY]);
    const [existing] = await tx.query<{ any: boolean }>(`select exists (select 1 from ${table}) as any`);
    if (existing!.any) return false;
    const ctx = createContext(tx, options);
    const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      const result = await work();
      options.onStep?.(name, performance.now() - started);
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
    return true;
  });
}
