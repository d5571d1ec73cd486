// What the database checks run from the command line share (`npm run ledger:check`, `npm run
// evidence:verify`): the server's database (DATABASE_URL, else the embedded one in DATA_DIR) opened as the
// server opens it, the check's report printed, and the exit code: 0 sound, 1 not, 2 not run.
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/database';

export async function runDatabaseCheck<R>(
  check: (db: Database, config: Config) => Promise<R>,
  print: (report: R) => void,
  sound: (report: R) => boolean,
): Promise<void> {
  let db: Database;
  const config = loadConfig();
  try {
    db = await openDatabase(config);
  } catch (error) {
    console.error(`The database could not be opened: ${(error as Error).message}`);
    process.exitCode = 2;
    return;
  }
  try {
    const report = await check(db, config);
    print(report);
    process.exitCode = sound(report) ? 0 : 1;
  } finally {
    await db.close();
  }
}
