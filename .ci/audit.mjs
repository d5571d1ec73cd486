// The advisory gate of CI: `npm audit --omit=dev` must report no high or critical advisory in what
// ships. When the registry's advisory endpoint cannot be reached (this workplace's mirror answers
// GET only), the gate says so loudly and lets the run go on: it cannot judge what it cannot read.
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  console.error(`npm audit printed no JSON (exit ${run.status}):\n${run.stdout}${run.stderr}`);
  process.exit(1);
}

const counts = report.metadata?.vulnerabilities;
if (!counts) {
  const reason = report.message ?? report.error?.summary ?? 'no advisory data';
  console.warn(`npm audit: advisory endpoint unreachable (${reason}); the gate could not check anything`);
  process.exit(0);
}

const blocking = (counts.high ?? 0) + (counts.critical ?? 0);
const summary = Object.entries(counts)
  .map(([level, n]) => `${level} ${n}`)
  .join(', ');
console.log(`npm audit --omit=dev: ${summary}`);
if (blocking > 0) {
  for (const [name, v] of Object.entries(report.vulnerabilities ?? {})) {
    if (v.severity === 'high' || v.severity === 'critical') console.error(`  ${v.severity}: ${name} ${v.range}`);
  }
  process.exit(1);
}
