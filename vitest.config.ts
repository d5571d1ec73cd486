import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// One runner, six projects: `npm test` runs domain, server (PGlite) and web; e2e needs Chromium;
// cluster (`npm run test:cluster`) needs PostgreSQL and HAProxy; ha (`npm run test:ha`) Patroni, etcd and HAProxy.
export default defineConfig({
  test: {
    // Vitest's default, one worker per core but one, is a single worker on CI's 2 cores. Most server files
    // wait (PGlite, PostgreSQL, child servers, session timers) as much as they compute: two files at a time
    // take two thirds of the time of one after the other.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      { test: { name: 'domain', root: 'packages/domain', environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          exclude: [...configDefaults.exclude, 'test-cluster/**', 'test-ha/**'],
          environment: 'node',
          // Migrated and seeded databases made once, copied by each file (test/templates.ts).
          globalSetup: ['./test/templates.ts'],
          // Files share their worker's modules (isolate: false): PGlite's WebAssembly, Fastify and the app
          // compiled once per worker instead of once per file, 597 CPU-s to 400 and 317 s to 220 on PGlite
          // (2026-11-27, quiet machine). Each file still opens its own database and app in its hooks.
          isolate: false,
          testTimeout: 30_000,
          // A file's database and server start in its hooks; beside the browser suite in CI, two cores
          // shared by a dozen processes, that has taken over a minute.
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'cluster',
          root: 'packages/server',
          include: ['test-cluster/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          // Installing HAProxy on a fresh machine, then two instances seeding one database.
          hookTimeout: 240_000,
        },
      },
      {
        test: {
          name: 'ha',
          root: 'packages/server',
          include: ['test-ha/**/*.test.ts'],
          environment: 'node',
          // One test: three faults on one cluster under load, each with its recovery.
          testTimeout: 300_000,
          // A cold start of three Patroni nodes takes 22 to 51 s on a loaded 2-core machine, then two instances seed.
          hookTimeout: 300_000,
        },
      },
      {
        extends: 'packages/web/vite.config.ts',
        // Rendering Mantine in jsdom is slow on a busy 2-core machine: give screen tests room. Files share their
        // worker's modules and jsdom (isolate: false): importing React, Mantine and the app again for each of 40
        // files was two thirds of the suite's CPU (267 s against 78 s, 2026-11-27). What a file leaves behind is
        // cleared by the set-up file (DOM, storage, language) and before each test (stubbed globals).
        test: {
          name: 'web',
          root: 'packages/web',
          environment: 'jsdom',
          testTimeout: 30_000,
          isolate: false,
          unstubGlobals: true,
        },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          environment: 'node',
          globalSetup: ['./global-setup.ts'],
          // A poll waits for what the user would see; on a loaded machine a lazy page takes seconds
          // (vitest's default gives up after one), and many times that under a load average of 20.
          expect: { poll: { timeout: 30_000 } },
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Two files at a time, each worker with its own server and database (global-setup.ts): the suite
          // waits on Chromium and the server more than it computes.
          maxWorkers: 2,
          // Files share their worker's modules (playwright-core, axe-core, the domain): loaded once per worker.
          isolate: false,
        },
      },
    ],
  },
});
