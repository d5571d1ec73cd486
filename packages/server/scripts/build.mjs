// `npm run build -w @bank/server`: bundles src/main.ts and the workspace's own TypeScript
// (@bank/domain exports its sources) into dist/main.js, which plain `node` runs in production.
// Installed packages stay imports: PGlite's wasm, argon2's native binding and pg load from
// node_modules as they do under tsx.
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

const server = path.resolve(import.meta.dirname, '..');
const dist = path.join(server, 'dist');

fs.rmSync(dist, { recursive: true, force: true });
await esbuild.build({
  entryPoints: [path.join(server, 'src/main.ts')],
  outfile: path.join(dist, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: 'linked',
  logLevel: 'warning',
  plugins: [
    {
      name: 'installed-packages-external',
      setup(build) {
        build.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@bank/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
// migrate.ts reads the SQL files next to itself: dist/main.js applies the migrations it was built with.
const migrations = path.join(server, 'src/db/migrations');
fs.mkdirSync(path.join(dist, 'migrations'));
for (const file of fs.readdirSync(migrations).filter((name) => name.endsWith('.sql'))) {
  fs.copyFileSync(path.join(migrations, file), path.join(dist, 'migrations', file));
}
