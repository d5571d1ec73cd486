// `npm run backup -- FILE [--force]` and `npm run restore -- FILE [--force]`: the database the server
// would use (DATABASE_URL, else DATA_DIR), backed up to or restored from FILE (docs/backups.md); and the
// point-in-time recovery of a PostgreSQL server: `backup -- --base DIR`, `restore -- --to TIME …` (pitr.ts).
// Exit codes: 0 done, 1 failed (nothing restored), 2 wrong command line or file, 3 refused to protect data.
import { parseArgs } from 'node:util';
import { loadConfig, ownerDatabaseUrl } from '../config';
import { PRIVATE_UMASK } from '../db/private-files';
import { DataDirInUseError } from '../db/data-dir-lock';
import { OperatorError, backup, restore } from './backup';
import { baseBackup, restoreToTime } from './pitr';

const USAGE = `Usage:
  npm run backup -- FILE [--force]    back up the database to FILE (--force: replace an existing FILE)
  npm run restore -- FILE [--force]   restore FILE into the database (--force: replace a database that holds data)
The database is the server's: DATABASE_URL (PostgreSQL) when set, else the embedded one in DATA_DIR; its
owner's MIGRATION_DATABASE_URL when set. BACKUP_KEY (base64, 32 bytes) encrypts a backup and opens one.

Point-in-time recovery (PostgreSQL with WAL archiving only, docs/backups.md#point-in-time-recovery):
  npm run backup -- --base DIR [--force]
      take a base backup of the server into the new folder DIR (--force: replace DIR)
  npm run restore -- --to TIME --base DIR --wal ARCHIVE --into PGDATA [--force]
      make PGDATA a copy of the base backup DIR that, once started, replays the WAL archived in ARCHIVE up to
      TIME ("2026-11-28 14:03:00" in this machine's time zone, or "2026-11-28 14:03:00+00") and is promoted
      (--force: replace a PGDATA that holds files)`;

const OPTIONS = {
  force: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  base: { type: 'string' },
  to: { type: 'string' },
  wal: { type: 'string' },
  into: { type: 'string' },
} as const;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options: OPTIONS, allowPositionals: true });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (command === undefined || values.help) {
    console.log(USAGE);
    return command === undefined ? 2 : 0;
  }
  // One of four forms: a file, a base backup, or a point in time with its three folders.
  const pointInTime = values.to !== undefined;
  const base = command === 'backup' && values.base !== undefined;
  const wellFormed =
    command === 'backup'
      ? values.to === undefined &&
        values.wal === undefined &&
        values.into === undefined &&
        positionals.length === (base ? 0 : 1)
      : command === 'restore' &&
        (pointInTime
          ? positionals.length === 0 &&
            values.base !== undefined &&
            values.wal !== undefined &&
            values.into !== undefined
          : positionals.length === 1 &&
            values.base === undefined &&
            values.wal === undefined &&
            values.into === undefined);
  if (!wellFormed) {
    console.error(USAGE);
    return 2;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(`Configuration error: ${(error as Error).message}`);
    return 2;
  }
  const options = { force: values.force ?? false, progress: (line: string) => console.log(line) };
  // The schema's owner backs up and restores (MIGRATION_DATABASE_URL, else DATABASE_URL).
  const target = { dataDir: config.dataDir, databaseUrl: ownerDatabaseUrl(config), backupKey: config.backupKey };
  // What a restore writes into DATA_DIR, and pg_dump's files, are this user's alone.
  process.umask(PRIVATE_UMASK);
  try {
    if (base) await baseBackup(target, values.base!, options);
    else if (pointInTime)
      await restoreToTime(
        target,
        { to: values.to!, base: values.base!, wal: values.wal!, into: values.into! },
        options,
      );
    else await (command === 'backup' ? backup : restore)(target, positionals[0]!, options);
    return 0;
  } catch (error) {
    if (error instanceof OperatorError) {
      console.error(error.message);
      return error.exitCode;
    }
    if (error instanceof DataDirInUseError) {
      console.error(`${error.message}\nNothing was ${command === 'backup' ? 'written' : 'changed'}.`);
      return 3;
    }
    console.error(`The ${command} failed: ${(error as Error).message}`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
