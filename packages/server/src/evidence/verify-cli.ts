// `npm run evidence:verify`: whether the evidence of the server's database is intact. Prints the JSON
// report; exit code 0 intact, 1 broken, 2 not run.
import { runDatabaseCheck } from '../ops/database-cli';
import { verifyEvidence } from './verify';

await runDatabaseCheck(
  verifyEvidence,
  (report) => console.log(JSON.stringify(report, null, 2)),
  (report) => report.intact,
);
