// `npm run ledger:check`: whether the books of the server's database reconcile. Prints each check with its
// figures; exit code 0 balanced, 1 not, 2 not run.
import { runDatabaseCheck } from '../ops/database-cli';
import { checkBooks } from './check';

await runDatabaseCheck(
  checkBooks,
  (report) => {
    for (const check of report.checks) {
      const figures = Object.entries(check.figures)
        .map(([name, value]) => `${name} ${value}`)
        .join(', ');
      console.log(`${check.ok ? 'ok    ' : 'BROKEN'} ${check.name} (${figures})`);
      for (const row of check.broken) console.log(`         ${JSON.stringify(row)}`);
    }
    for (const account of report.internalAccounts) console.log(`       ${account.code}: ${account.balance} XOF`);
    console.log(`${report.balanced ? 'The books are balanced' : 'The books are NOT balanced'} (${report.ms} ms)`);
  },
  (report) => report.balanced,
);
