/// <reference types="vitest/config" />
// Vite build of the browser app, dev server proxy to the API, and the web test setup (jsdom).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';
// With the directory sign-in's two legs (the callback's /login/oauth2, not the app's own /login pages).
const proxied = ['/api', '/core', '/management', '/oauth2', '/login/oauth2'];

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

/**
 * Sets of screens that load together, each the app's own modules statically reachable from its root files.
 * A code-splitting group per set (`inSet`) then makes one chunk of them with the library parts they use
 * (a group takes its modules' dependencies), where the build alone splits Mantine into dozens of small
 * chunks that a page fetches one by one and that compress worse apart. The price: another screen that
 * uses a module of a set loads the set's whole chunk (the home page loads the lists' chunk, the signed-out
 * account pages the shell's and the lists', and so does a header menu opened on the sign-in page, which
 * then loads the router's too: the Mantine parts of its Menu are in those chunks).
 */
const SCREEN_SETS = {
  // What both starts run and draw (the app's, start.tsx, and the sign-in page's, sign-in-start.tsx): the
  // boot, the providers, the signed-out frame with the header.
  frame: [
    'src/main.tsx',
    'src/app/boot.ts',
    'src/app/Providers.tsx',
    'src/app/ErrorBoundary.tsx',
    'src/app/PublicFrame.tsx',
  ],
  // Mantine's provider and theme: every page drawn with Mantine, signed-out ones included.
  theme: ['src/app/ThemeProvider.tsx'],
  // The signed-in shell: header menus, side menu, live events; every staff page.
  shell: ['src/app/SignedInLayout.tsx'],
  // The staff lists, generic and per request type, with the loader that fetches their rows.
  lists: [
    'src/engine/EntityListPage.tsx',
    'src/screens/manager/RequestListPage.tsx',
    'src/screens/manager/request-list-query.ts',
  ],
};
/** Libraries every page runs, the sign-in page opened first included. */
const VENDOR = /[\\/]node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/][^\\/]+|i18next|react-i18next)[\\/]/;
/**
 * Their parts that only lazy pages use (the activation page's Trans, the lists' infinite queries), left to
 * the chunks of those pages: a library's entry file imports all of it, and the group would take them all.
 */
const LAZY_VENDOR_PARTS = /[\\/](Trans|TransWithoutContext|infiniteQuery\w*)\.js$|[\\/]html-parse-stringify[\\/]/;

const screenSets = new Map<string, Set<string>>();

function readScreenSets(): Plugin {
  return {
    name: 'screen-sets',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const reach = (roots: string[]) => {
        const set = new Set<string>();
        // The web app's files only: a library's entry file (the domain's included) imports all of it, and a
        // group keeps whatever it takes, used or not (the sign-in page carried the whole entity registry).
        const walk = (id: string) => {
          if (set.has(id) || !id.includes('/packages/web/src/') || id.endsWith('.css')) return;
          set.add(id);
          for (const next of this.getModuleInfo(id)?.importedIds ?? []) walk(next);
        };
        for (const root of roots) {
          const id = ids.find((candidate) => candidate.endsWith(`/${root}`));
          if (!id) throw new Error(`screen sets: no module ${root}`);
          walk(id);
        }
        return set;
      };
      for (const [name, roots] of Object.entries(SCREEN_SETS)) screenSets.set(name, reach(roots));
    },
  };
}

const inSet = (name: keyof typeof SCREEN_SETS) => ({
  name,
  test: (id: string) => screenSets.get(name)?.has(id) ?? false,
});

export default defineConfig({
  plugins: [react(), precompress(), readScreenSets()],
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: apiTarget, changeOrigin: true }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Libraries every page runs in full, the sign-in page opened first included, get their own
            // long-cached chunk; app releases leave it alone.
            { name: 'vendor', test: (id: string) => VENDOR.test(id) && !LAZY_VENDOR_PARTS.test(id) },
            // The router, which the sign-in page opened first does without (sign-in-start.tsx).
            { name: 'router', test: /[\\/]node_modules[\\/]react-router[\\/]/ },
            // Then the screen sets, each without what an earlier group took (the first page's, the theme's).
            inSet('frame'),
            inSet('theme'),
            inSet('shell'),
            inSet('lists'),
          ],
        },
      },
    },
  },
  test: {
    setupFiles: ['./src/test/setup.ts'],
  },
});
