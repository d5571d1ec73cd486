// `npm run seed [-- --scale N]`: migrates the configured database (DATABASE_URL or DATA_DIR) and fills
// it with demo data when it is empty; N multiplies the demo row counts.
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { seedDemo } from './demo';

function scaleArgument(argv: string[]): number {
  const index = argv.indexOf('--scale');
  if (index < 0) return 1;
  const value = argv[index + 1];
  if (value === 'demo') return 1;
  const scale = Number(value);
  if (!Number.isFinite(scale) || scale <= 0)
    throw new Error(`--scale takes "demo" or a positive number, got "${value}"`);
  return scale;
}

const config = loadConfig();
const scale = scaleArgument(process.argv.slice(2));
const db = await openDatabase(config);
try {
  await migrate(db);
  const started = performance.now();
  const seeded = await seedDemo(db, { scale });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    seeded ? `Demo data (scale ${scale}) written in ${seconds} s.` : 'The database already has data: nothing written.',
  );
} finally {
  await db.close();
}
