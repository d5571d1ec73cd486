/// <reference types="vitest/config" />
// Vite build of the browser app, dev server proxy to the API, and the web test setup (jsdom).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';
const proxied = ['/api', '/core', '/management'];

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, the catalogues
 * included, which the server sends to browsers that accept them: compressed once here, at the
 * highest levels, rather than on each request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const name of fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' })) {
        const file = path.join(outDir, name);
        if (!/\.(js|css|json|svg|html)$/.test(name) || fs.statSync(file).size < 1024) continue;
        const content = fs.readFileSync(file);
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: apiTarget, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Libraries every page runs in full get their own long-cached chunk; app releases leave it alone.
          groups: [
            {
              name: 'vendor',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+|i18next|react-i18next)[\\/]/,
              // Only what the first page runs: parts used by a lazy group alone (infinite queries) stay in it.
              tags: ['$initial'],
            },
            // The rest of the first page in one chunk: without it, modules a lazy group shares with the shell
            // are split into an extra common chunk that the sign-in page loads too.
            { name: 'index', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  test: {
    setupFiles: ['./src/test/setup.ts'],
  },
});
