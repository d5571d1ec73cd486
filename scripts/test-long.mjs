// `npm run test:long`: the long variants of the robustness suites, not part of `npm test` — 20 SIGKILLs
// (DURABILITY_REPEATS), the mixed-load soak (SOAK_SECONDS, default 300) and the fuzz with more runs
// (FUZZ_RUNS), on embedded PGlite and then on PostgreSQL (DATABASE_URL, default the local server).
import { spawnSync } from 'node:child_process';

const files = ['test/crash-durability.test.ts', 'test/soak.test.ts', 'test/bad-input.test.ts'];
const common = {
  TEST_LONG: '1',
  DURABILITY_REPEATS: process.env.DURABILITY_REPEATS || '20',
  SOAK_SECONDS: process.env.SOAK_SECONDS || '300',
  FUZZ_RUNS: process.env.FUZZ_RUNS || '40',
};
const backends = [
  ['embedded PGlite', ''],
  ['PostgreSQL', process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres'],
];

let failed = false;
for (const [name, databaseUrl] of backends) {
  console.log(
    `\n== test:long on ${name} (${Object.entries(common)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')})`,
  );
  const env = { ...process.env, ...common, DATABASE_URL: databaseUrl };
  const args = ['vitest', 'run', '--project', 'server', ...files, ...process.argv.slice(2)];
  const result = spawnSync('npx', args, { stdio: 'inherit', env });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
