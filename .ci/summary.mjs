// The end of CI: how long each step took (`--steps FILE`, lines of name, seconds, exit status and CPU seconds
// written by .ci/run; `--total SECONDS`, the whole run), then the Vitest JSON reports of every suite summed into
// the one closing line CI reads: "N passed, M failed". `--busy-since SECONDS`: the machine's busy CPU time when
// the run began, to say what the whole run cost: the steps' own figures miss what their children did not wait
// for (Chromium's processes, the PostgreSQL server).
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args.splice(at, 2)[1];
};
const stepsFile = option('--steps');
const total = option('--total');
const busySince = option('--busy-since');

/** The machine's busy CPU time in seconds since boot: user, nice, system, irq and softirq of every core. */
function machineBusySeconds() {
  const [, user, nice, system, , , irq, softirq] = fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/);
  return [user, nice, system, irq, softirq].reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
}

if (stepsFile && fs.existsSync(stepsFile)) {
  const steps = fs
    .readFileSync(stepsFile, 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split('\t'));
  const width = Math.max(...steps.map(([name]) => name.length));
  const clock = (seconds) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  console.log('step durations (lint, typecheck and build run side by side, then the two lanes of suites):');
  console.log(`  ${'step'.padEnd(width)}   time  CPU (user + system, the step and its children)`);
  for (const [name, seconds, status, cpu] of steps)
    console.log(
      `  ${name.padEnd(width)}  ${clock(Number(seconds)).padStart(5)}  ${clock(Number(cpu)).padStart(5)}` +
        (status === '0' ? '' : `  (exit ${status})`),
    );
  if (total) console.log(`  ${'whole run'.padEnd(width)}  ${clock(Number(total)).padStart(5)}`);
  if (busySince && fs.existsSync('/proc/stat')) {
    const busy = Math.round(machineBusySeconds() - Number(busySince));
    const cores = os.availableParallelism();
    console.log(
      `  the machine's CPU over the run: ${clock(busy)} busy of ${clock(Number(total) * cores)} (${cores} cores), ` +
        'every process counted (Chromium, PostgreSQL, services beside CI)',
    );
  }
  const load = fs.existsSync('/proc/loadavg') ? fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3) : [];
  if (load.length) console.log(`  load average now: ${load.join(' ')}`);
}

const firstLine = (text) =>
  String(text ?? '')
    .trim()
    .split('\n')[0]
    .slice(0, 300);

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of args) {
  if (!fs.existsSync(file)) {
    console.log(`${file}: missing (the suite did not run)`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  // A file that fails to load has no failed test of its own: count it once.
  const suiteFailed = report.numFailedTests || (report.numFailedTestSuites ?? 0);
  console.log(`${file}: ${report.numPassedTests} passed, ${suiteFailed} failed, ${report.numPendingTests} skipped`);
  // What failed, by name and first line of its error, here at the end where a reader of a long log looks.
  for (const suite of report.testResults ?? []) {
    const where = path.relative(process.cwd(), suite.name);
    const tests = suite.assertionResults.filter((test) => test.status === 'failed');
    if (tests.length === 0 && suite.status === 'failed')
      console.log(`  failed to run: ${where}: ${firstLine(suite.message)}`);
    for (const test of tests)
      console.log(`  failed: ${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  }
  passed += report.numPassedTests;
  failed += suiteFailed;
  skipped += report.numPendingTests;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
