// `npm start`: builds the web app when its sources are newer than the last build, then runs the
// server in this same process (so SIGTERM/SIGINT reach it directly). Loaded with tsx (see package.json).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'packages/web/dist/index.html');
const sources = [
  'packages/web/src',
  'packages/web/public',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/domain/src',
];

function newestMtime(target) {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
if (builtAt < Math.max(...sources.map(newestMtime))) {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@bank/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('../packages/server/src/main.ts');
