// `npm run test:pg`: the server suite on PostgreSQL. Each test file creates its own database on the
// server named by DATABASE_URL (default: the local one) and drops it when done.
import { spawnSync } from 'node:child_process';

const env = { ...process.env, DATABASE_URL: process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres' };
const args = ['vitest', 'run', '--project', 'server', ...process.argv.slice(2)];
const result = spawnSync('npx', args, { stdio: 'inherit', env });
process.exit(result.status ?? 1);
