// Demo data for an empty database: the demo staff accounts (DESIGN.md section 2).
// The bank's data (customers, accounts, transactions, requests) comes from seedDemoData.
import { DEMO_ACCOUNTS } from '@bank/domain';
import type { Database } from '../db/database';
import { hashPassword } from '../security/passwords';
import { insertUser } from '../modules/account/users';
import { DEMO_SEED_LOCK_KEY, seedDemoData, type DemoDataOptions } from './demo-data';

export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from app_user');
  return row!.n === 0;
}

/** Creates the demo staff accounts and returns true; returns false and writes nothing when users exist. */
export async function seedDemoAccounts(db: Database): Promise<boolean> {
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((account) => hashPassword(account.login)));
  return db.transaction(async (tx) => {
    // Instances starting together over one PostgreSQL: the second waits, then finds the users.
    await tx.query('select pg_advisory_xact_lock($1)', [DEMO_SEED_LOCK_KEY]);
    const [existing] = await tx.query<{ any: boolean }>('select exists (select 1 from app_user) as any');
    if (existing!.any) return false;
    for (const [index, account] of DEMO_ACCOUNTS.entries()) {
      await insertUser(tx, {
        login: account.login,
        passwordHash: hashes[index]!,
        firstName: account.firstName,
        lastName: account.lastName,
        email: `${account.login}@banque.sn`,
        activated: true,
        langKey: 'fr',
        authorities: account.authorities,
      });
    }
    return true;
  });
}

/** Fills an empty database with demo data; does nothing on a database that has users. */
export async function seedDemo(db: Database, options: DemoDataOptions = {}): Promise<boolean> {
  if (!(await isEmpty(db)) || !(await seedDemoAccounts(db))) return false;
  await seedDemoData(db, options);
  return true;
}
