// `npm start` runs this check, then `exec node packages/server/dist/main.js` (see package.json): the
// server replaces npm's shell, so the SIGTERM npm passes on reaches it. With the dev dependencies
// installed, the web app and the server are rebuilt when their sources are newer than the build; a
// production install (npm ci --omit=dev) cannot build, so there a missing build stops the start.
// `npm run test:e2e` and the tests that run the compiled server make the same check: one build per change of
// the sources, never a rebuild of dist/ under a server that another suite is running from it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const outputs = ['packages/web/dist/index.html', 'packages/server/dist/main.js'];
const sources = [
  'packages/web/src',
  'packages/web/public',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/domain/src',
  'packages/server/src',
  'packages/server/scripts/build.mjs',
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

const missing = outputs.filter((file) => !fs.existsSync(path.join(root, file)));
const builtAt = missing.length > 0 ? 0 : Math.min(...outputs.map(newestMtime));
if (builtAt >= Math.max(...sources.map(newestMtime))) process.exit(0);

if (fs.existsSync(path.join(root, 'node_modules/.bin/vite'))) {
  console.log('Building the web app and the server…');
  // A production build whoever asks: under a test runner NODE_ENV is `test`, and Vite would then bundle React's
  // development build (several times slower) into dist/, which npm start and the browser suite serve.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env });
  process.exit(result.status ?? 1);
}
if (missing.length > 0) {
  console.error(
    `Not built: ${missing.join(' and ')}. Run \`npm ci && npm run build\` first (the build needs the dev ` +
      'dependencies), then install for production with `npm ci --omit=dev`. See docs/production.md.',
  );
  process.exit(1);
}
console.warn('The sources are newer than the build: starting the build as it is (`npm run build` updates it).');
