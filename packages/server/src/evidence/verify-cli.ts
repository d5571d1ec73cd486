// `npm run evidence:verify`: whether the evidence of the server's database (DATABASE_URL, else the embedded
// one in DATA_DIR) is intact. Prints the JSON report; exit code 0 intact, 1 broken, 2 not run.
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { verifyEvidence } from './verify';

async function main(): Promise<number> {
  let db;
  try {
    db = await openDatabase(loadConfig());
  } catch (error) {
    console.error(`The database could not be opened: ${(error as Error).message}`);
    return 2;
  }
  try {
    const report = await verifyEvidence(db);
    console.log(JSON.stringify(report, null, 2));
    return report.intact ? 0 : 1;
  } finally {
    await db.close();
  }
}

process.exitCode = await main();
