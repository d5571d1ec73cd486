/// <reference types="vitest/config" />
// Vite build of the browser app, dev server proxy to the API, and the web test setup (jsdom).
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';
const proxied = ['/api', '/core', '/management'];

export default defineConfig({
  plugins: [react()],
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
