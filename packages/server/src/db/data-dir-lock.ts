// One process at a time in an embedded data directory. PGlite writes a postmaster.pid with a made-up
// pid (-42) and never reads it back: a second process opening the same DATA_DIR succeeds and both
// write to the same files, and the first one to close deletes it. This file, like PostgreSQL's own,
// holds the real pid; a file whose process is gone (a crash, kill -9) is taken over.
import fs from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'bank.pid';

/** Data directories this process holds (by resolved path). */
const heldHere = new Set<string>();

export interface Holder {
  pid: number;
  since: string;
  command: string;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: Holder,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${holder.pid} (${holder.command}, since ` +
        `${holder.since}). It serves one process at a time: stop that process (the server, a seed, a backup) ` +
        `and run this command again.`,
    );
  }
}

function readHolder(file: string): Holder | undefined {
  const [pid, since, command] = fs.readFileSync(file, 'utf8').split('\n');
  const value = Number(pid);
  return Number.isSafeInteger(value) && value > 0
    ? { pid: value, since: since ?? '?', command: command ?? '?' }
    : undefined;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes `dataDir` (created if missing) for this process, or throws DataDirInUseError. Returns the release. */
export function lockDataDir(dataDir: string): () => void {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, LOCK_FILE);
  const command = [path.basename(process.argv[1] ?? 'node'), ...process.argv.slice(2)].join(' ').slice(0, 200);
  const content = `${process.pid}\n${new Date().toISOString()}\n${command}\n`;
  if (heldHere.has(dir)) throw new DataDirInUseError(dir, { pid: process.pid, since: '?', command: 'this process' });
  fs.mkdirSync(dir, { recursive: true });
  for (let attempt = 0; ; attempt++) {
    try {
      fs.writeFileSync(file, content, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = readHolder(file);
      // Our own pid in a file we do not hold: a previous life of a container whose server is pid 1 again.
      if (holder && holder.pid !== process.pid && isAlive(holder.pid)) throw new DataDirInUseError(dir, holder);
      if (attempt > 0) throw new Error(`${file} keeps coming back: is another process starting on ${dir}?`);
      fs.rmSync(file, { force: true });
    }
  }
  heldHere.add(dir);
  return () => {
    heldHere.delete(dir);
    // Only our own file, never one another process wrote.
    if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === content) fs.rmSync(file);
  };
}
