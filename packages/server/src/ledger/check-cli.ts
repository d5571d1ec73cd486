// `npm run ledger:check`: whether the books of the server's database (DATABASE_URL, else the embedded one
// in DATA_DIR) reconcile. Prints each check with its figures; exit code 0 balanced, 1 not, 2 not run.
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { checkBooks } from './check';

async function main(): Promise<number> {
  let db;
  try {
    db = await openDatabase(loadConfig());
  } catch (error) {
    console.error(`The database could not be opened: ${(error as Error).message}`);
    return 2;
  }
  try {
    const report = await checkBooks(db);
    for (const check of report.checks) {
      const figures = Object.entries(check.figures)
        .map(([name, value]) => `${name} ${value}`)
        .join(', ');
      console.log(`${check.ok ? 'ok    ' : 'BROKEN'} ${check.name} (${figures})`);
      for (const row of check.broken) console.log(`         ${JSON.stringify(row)}`);
    }
    for (const account of report.internalAccounts) console.log(`       ${account.code}: ${account.balance} XOF`);
    console.log(`${report.balanced ? 'The books are balanced' : 'The books are NOT balanced'} (${report.ms} ms)`);
    return report.balanced ? 0 : 1;
  } finally {
    await db.close();
  }
}

process.exitCode = await main();
