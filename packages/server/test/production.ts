// The production server: src/main.ts bundled into dist/main.js (scripts/build.mjs) and run by plain
// node, as `npm start` and the systemd unit (docs/bank-backoffice.service) run it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../../..');
/** Relative to `root`, where the unit's WorkingDirectory points. */
export const PRODUCTION_MAIN = 'packages/server/dist/main.js';

/**
 * Builds when the sources are newer than the build (`npm start`'s check, scripts/start.mjs), so no test runs a
 * stale build; an up-to-date build is left alone, not rewritten under a server that another suite runs from it.
 */
export function buildServer(): void {
  const result = spawnSync('node', ['scripts/start.mjs'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the build (scripts/start.mjs) failed:\n${result.stdout}${result.stderr}`);
}
