// DATA_DIR holds the embedded database and the development keys: readable and writable by the server's
// user alone. PGlite creates its files 0666 and initdb allows group access, so the server sets the
// process umask to 077 before the database starts and tightens what an older release left open.
import fs from 'node:fs';
import path from 'node:path';

/** The umask of every process that opens DATA_DIR: new files 0600, new folders 0700. */
export const PRIVATE_UMASK = 0o077;

/**
 * Creates `dir` 0700 if missing and takes group and other rights off it and everything in it.
 * Returns how many entries were tightened (0 for a directory already private).
 */
export function makePrivate(dir: string): number {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  let tightened = 0;
  const tighten = (entry: string) => {
    const stat = fs.lstatSync(entry);
    if (stat.isSymbolicLink() || (stat.mode & 0o077) === 0) return;
    fs.chmodSync(entry, stat.mode & 0o700);
    tightened++;
  };
  tighten(dir);
  for (const name of fs.readdirSync(dir, { recursive: true }) as string[]) tighten(path.join(dir, name));
  return tightened;
}
