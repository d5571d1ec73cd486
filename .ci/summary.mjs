// Sums the Vitest JSON reports of every suite into the one closing line CI reads: "N passed, M failed".
import fs from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) {
    console.log(`${file}: missing (the suite did not run)`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  // A file that fails to load has no failed test of its own: count it once.
  const suiteFailed = report.numFailedTests || (report.numFailedTestSuites ?? 0);
  console.log(`${file}: ${report.numPassedTests} passed, ${suiteFailed} failed, ${report.numPendingTests} skipped`);
  passed += report.numPassedTests;
  failed += suiteFailed;
  skipped += report.numPendingTests;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
