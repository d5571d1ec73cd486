// The production server: src/main.ts bundled into dist/main.js (scripts/build.mjs) and run by plain
// node, as `npm start` and the systemd unit (docs/bank-backoffice.service) run it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../../..');
/** Relative to `root`, where the unit's WorkingDirectory points. */
export const PRODUCTION_MAIN = 'packages/server/dist/main.js';

/** Bundles the server from the current sources (a second or two), so no test runs a stale build. */
export function buildServer(): void {
  const result = spawnSync('npm', ['run', 'build', '-w', '@bank/server'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`npm run build -w @bank/server failed:\n${result.stdout}${result.stderr}`);
}
