// `npm run seed [-- --scale demo|large|N]`: migrates the configured database (DATABASE_URL or DATA_DIR)
// and fills it with demo data when it is empty, with a progress line; N multiplies the demo row
// counts, `large` is bank scale (context.ts LARGE: 200,000 clients, 5,000,000 transactions...).
import { loadConfig, ownerDatabaseUrl } from '../config';
import { openPglite, openPostgres } from '../db/database';
import { migrate } from '../db/migrate';
import { LARGE, type Volumes } from './context';
import { estimateRows } from './demo-data';
import { seedDemo } from './demo';

function scaleArgument(argv: string[]): { scale: number; volumes?: Volumes } {
  const index = argv.indexOf('--scale');
  if (index < 0) return { scale: 1 };
  const value = argv[index + 1];
  if (value === 'demo') return { scale: 1 };
  if (value === 'large') return LARGE;
  const scale = Number(value);
  if (!Number.isFinite(scale) || scale <= 0)
    throw new Error(`--scale takes "demo", "large" or a positive number, got "${value}"`);
  return { scale };
}

/** One line, rewritten in place on a terminal and printed every few seconds otherwise. */
function progressLine(expected: number) {
  const started = performance.now();
  let rows = 0;
  let step = '';
  let rebuild = '';
  let printed = 0;
  const show = (final = false) => {
    const now = performance.now();
    if (!final && now - printed < (process.stderr.isTTY ? 250 : 5000)) return;
    printed = now;
    const seconds = (now - started) / 1000;
    const rate = rows / Math.max(seconds, 0.001);
    const left = rebuild ? '' : `, ~${Math.max(0, Math.round((expected - rows) / Math.max(rate, 1)))} s left to load`;
    const share = Math.min(100, Math.floor((100 * rows) / expected));
    const text =
      `${step}: ${rows.toLocaleString('en')} rows (${share} %), ${Math.round(rate).toLocaleString('en')} rows/s, ` +
      `${seconds.toFixed(0)} s${left}${rebuild}`;
    if (process.stderr.isTTY) process.stderr.write(`\r\x1b[K${text}${final ? '\n' : ''}`);
    else process.stderr.write(`${text}\n`);
  };
  return {
    onRows: (count: number) => {
      rows += count;
      show();
    },
    onStepStart: (name: string) => {
      step = name;
    },
    onStep: (name: string, ms: number) => {
      step = `${name} done in ${(ms / 1000).toFixed(1)} s`;
      show(true);
    },
    onRebuild: (done: number, total: number) => {
      rebuild = ` (${done}/${total} statements)`;
      show();
    },
  };
}

const config = loadConfig();
const size = scaleArgument(process.argv.slice(2));
// A seed commits often (COPYs on several connections): it need not wait for each commit to reach the disk.
// It migrates, so it connects as the schema's owner (MIGRATION_DATABASE_URL, else DATABASE_URL).
const ownerUrl = ownerDatabaseUrl(config);
const db = ownerUrl
  ? await openPostgres(ownerUrl, 10, { synchronous_commit: 'off' })
  : await openPglite(config.dataDir);
try {
  await migrate(db);
  const started = performance.now();
  const seeded = await seedDemo(db, { ...size, ...progressLine(estimateRows(size)) });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const name = size.volumes ? 'large' : `scale ${size.scale}`;
  console.log(
    seeded ? `Demo data (${name}) written in ${seconds} s.` : 'The database already has data: nothing written.',
  );
} finally {
  await db.close();
}
