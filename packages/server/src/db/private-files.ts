// DATA_DIR holds the embedded database and the development keys: readable and writable by the server's
// user alone. The process umask (077) covers what Node writes, but PGlite's WebAssembly file system sets
// 0666 on every file it creates whatever the umask, so the files are tightened when the database opens,
// every maintenance round and when it closes (db/database.ts); DATA_DIR itself is 0700, so no other user
// reaches a file made in between.
import fs from 'node:fs';
import path from 'node:path';

/** The umask of the server and the backup commands: files Node creates 0600, folders 0700. */
export const PRIVATE_UMASK = 0o077;

/**
 * Creates `dir` 0700 if missing and takes group and other rights off it and everything in it.
 * Returns how many entries were tightened (0 for a directory already private).
 */
export function makePrivate(dir: string): number {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  let tightened = 0;
  const tighten = (entry: string) => {
    try {
      const stat = fs.lstatSync(entry);
      if (stat.isSymbolicLink() || (stat.mode & 0o077) === 0) return;
      fs.chmodSync(entry, stat.mode & 0o700);
      tightened++;
    } catch (error) {
      // The running database removes files (recycled log segments, temporary files) as it goes.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  };
  tighten(dir);
  for (const name of fs.readdirSync(dir, { recursive: true }) as string[]) tighten(path.join(dir, name));
  return tightened;
}
