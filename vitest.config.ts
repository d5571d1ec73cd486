import { defineConfig } from 'vitest/config';

// One runner, four projects: `npm test` runs domain, server (PGlite) and web; e2e needs Chromium.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages/domain', environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'packages/server',
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: 'packages/web/vite.config.ts',
        // Rendering Mantine in jsdom is slow on a busy 2-core machine: give screen tests room.
        test: { name: 'web', root: 'packages/web', environment: 'jsdom', testTimeout: 30_000 },
      },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          environment: 'node',
          globalSetup: ['./global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
