// Starts the real server (built web app, fresh embedded database with demo data) for the browser suite.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** The server's log (pino JSON lines): where the embedded default's outgoing mail is read. */
    serverLog: string;
  }
}

const root = path.resolve(import.meta.dirname, '..');
let server: ChildProcess | undefined;
let dataDir: string | undefined;

async function waitUntilUp(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

export async function setup(project: TestProject): Promise<void> {
  if (!fs.existsSync(path.join(root, 'packages/web/dist/index.html'))) {
    throw new Error('Build the web app first: npm run build (npm run test:e2e does it)');
  }
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-e2e-'));
  const port = 18000 + Math.floor(Math.random() * 1000);
  // Kept after the run with the screenshots, for whoever reads a failure.
  const serverLog = path.join(root, 'e2e/artifacts/server.log');
  fs.mkdirSync(path.dirname(serverLog), { recursive: true });
  const logFile = fs.openSync(serverLog, 'w');
  server = spawn('node', ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // info: the outbox mails (activation and reset links) are logged at that level.
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
    },
    stdio: ['ignore', logFile, 'inherit'],
  });
  fs.closeSync(logFile);
  const baseURL = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${baseURL}/management/health`, 90_000);
  project.provide('baseURL', baseURL);
  project.provide('serverLog', serverLog);
}

export async function teardown(): Promise<void> {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
