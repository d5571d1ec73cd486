// `npm run backup -- FILE [--force]` and `npm run restore -- FILE [--force]`: the database the server
// would use (DATABASE_URL, else DATA_DIR), backed up to or restored from FILE (docs/backups.md).
// Exit codes: 0 done, 1 failed (nothing restored), 2 wrong command line or file, 3 refused to protect data.
import { loadConfig, ownerDatabaseUrl } from '../config';
import { PRIVATE_UMASK } from '../db/private-files';
import { DataDirInUseError } from '../db/data-dir-lock';
import { OperatorError, backup, restore } from './backup';

const USAGE = `Usage:
  npm run backup -- FILE [--force]    back up the database to FILE (--force: replace an existing FILE)
  npm run restore -- FILE [--force]   restore FILE into the database (--force: replace a database that holds data)
The database is the server's: DATABASE_URL (PostgreSQL) when set, else the embedded one in DATA_DIR; its
owner's MIGRATION_DATABASE_URL when set. BACKUP_KEY (base64, 32 bytes) encrypts a backup and opens one.`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined || rest.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return command === undefined ? 2 : 0;
  }
  const files = rest.filter((arg) => arg !== '--force');
  const unknown = files.filter((arg) => arg.startsWith('-'));
  if ((command !== 'backup' && command !== 'restore') || files.length !== 1 || unknown.length > 0) {
    console.error(unknown.length > 0 ? `Unknown option ${unknown.join(', ')}.\n${USAGE}` : USAGE);
    return 2;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(`Configuration error: ${(error as Error).message}`);
    return 2;
  }
  const options = { force: rest.includes('--force'), progress: (line: string) => console.log(line) };
  // The schema's owner backs up and restores (MIGRATION_DATABASE_URL, else DATABASE_URL).
  const target = { dataDir: config.dataDir, databaseUrl: ownerDatabaseUrl(config), backupKey: config.backupKey };
  // What a restore writes into DATA_DIR, and pg_dump's files, are this user's alone.
  process.umask(PRIVATE_UMASK);
  try {
    await (command === 'backup' ? backup : restore)(target, files[0]!, options);
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
