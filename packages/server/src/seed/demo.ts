// Demo data for an empty database: the demo staff accounts (DESIGN.md section 2).
// The bank's data (customers, accounts, transactions, requests) comes from seedDemoData.
import { DEMO_ACCOUNTS } from '@bank/domain';
import type { Database } from '../db/database';
import { hashPassword } from '../security/passwords';
import { insertUser } from '../modules/account/users';
import { seedDemoData, type DemoDataOptions } from './demo-data';

export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from app_user');
  return row!.n === 0;
}

export async function seedDemoAccounts(db: Database): Promise<void> {
  const hashes = await Promise.all(DEMO_ACCOUNTS.map((account) => hashPassword(account.login)));
  await db.transaction(async (tx) => {
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
  });
}

/** Fills an empty database with demo data; does nothing on a database that has users. */
export async function seedDemo(db: Database, options: DemoDataOptions = {}): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  await seedDemoAccounts(db);
  await seedDemoData(db, options);
  return true;
}
