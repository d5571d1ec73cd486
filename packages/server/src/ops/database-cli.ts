// What the database checks run from the command line share (`npm run ledger:check`, `npm run
// evidence:verify`): the server's database (DATABASE_URL, else the embedded one in DATA_DIR) opened as the
// server opens it, the check's report printed, and the exit code: 0 sound, 1 not, 2 not run.
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/database';

export async function runDatabaseCheck<R>(
  check: (db: Database) => Promise<R>,
  print: (report: R) => void,
  sound: (report: R) => boolean,
): Promise<void> {
  let db: Database;
  try {
    db = await openDatabase(loadConfig());
  } catch (error) {
    console.error(`The database could not be opened: ${(error as Error).message}`);
    process.exitCode = 2;
    return;
  }
  try {
    const report = await check(db);
    print(report);
    process.exitCode = sound(report) ? 0 : 1;
  } finally {
    await db.close();
  }
}
