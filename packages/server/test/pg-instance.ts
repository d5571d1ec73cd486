// A PostgreSQL instance of a test's own, from the machine's binaries (initdb, pg_ctl) in a temporary folder,
// on a free port with its unix socket in that folder; as the postgres account when the tests run as root
// (PostgreSQL refuses root). Used by the tests of the PostgreSQL run that stop, restart or restore a server.
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './child-server';

const run = promisify(execFile);

export interface PostgresBinaries {
  bin: string;
  runAs?: { uid: number; gid: number };
}

/** The PostgreSQL binaries and the account to run them as, or why a test cannot run here. */
export function findPostgres(): PostgresBinaries | { reason: string } {
  if (!process.env.DATABASE_URL) return { reason: 'runs in the PostgreSQL run (npm run test:pg)' };
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const bin = [process.env.PG_BIN, ...versions.map((v) => path.join(root, v, 'bin'))].find(
    (dir) => dir && fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl')),
  );
  if (!bin) return { reason: `no PostgreSQL binaries (initdb, pg_ctl) in ${root}/*/bin or PG_BIN` };
  if (process.getuid?.() !== 0) return { bin };
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  const gid = id('-g');
  if (!uid || spawnSync('runuser', ['-u', 'postgres', '--', 'true']).status !== 0)
    return { reason: 'running as root without a postgres account to run PostgreSQL as (runuser -u postgres)' };
  return { bin, runAs: { uid, gid } };
}

export class Instance {
  readonly dir: string;
  readonly data: string;
  private readonly log: string;
  port = 0;

  constructor(
    private readonly binaries: PostgresBinaries,
    prefix = 'bank-pg-',
  ) {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    this.data = path.join(this.dir, 'data');
    this.log = path.join(this.dir, 'log');
    this.own(this.dir);
  }

  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  /** Gives `file` (a folder: everything in it) to the account PostgreSQL runs as. */
  own(file: string) {
    const { runAs } = this.binaries;
    if (!runAs) return;
    fs.chownSync(file, runAs.uid, runAs.gid);
    if (fs.statSync(file).isDirectory())
      for (const name of fs.readdirSync(file, { recursive: true, encoding: 'utf8' }))
        fs.lchownSync(path.join(file, name), runAs.uid, runAs.gid);
  }

  /**
   * Runs a PostgreSQL tool to its end without blocking the event loop (no spawnSync). The server it starts
   * writes to the log file (-l), never to a pipe of this process, which would hold the call open.
   */
  private async tool(name: string, args: string[]) {
    const command = path.join(this.binaries.bin, name);
    const [file, argv] = this.binaries.runAs
      ? ['runuser', ['-u', 'postgres', '--', command, ...args]]
      : [command, args];
    await run(file, argv, { cwd: this.dir, timeout: 120_000 });
  }

  /** initdb, this instance's port and socket, then `settings` (postgresql.conf lines), and start. */
  async create(settings: string[] = []) {
    await this.tool('initdb', ['-D', this.data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale', '-N']);
    fs.appendFileSync(
      path.join(this.data, 'postgresql.conf'),
      [`listen_addresses = '127.0.0.1'`, 'max_connections = 60', ...settings, ''].join('\n'),
    );
    await this.start();
  }

  /** Starts the data directory (its own or one put there) on a free port, and waits until it accepts connections. */
  start = async () => {
    if (!this.port) this.port = await freePort();
    // The port and socket on the command line: a restored data directory's settings name another instance's.
    const options = `-p ${this.port} -k ${this.dir}`;
    await this.tool('pg_ctl', ['-D', this.data, '-l', this.log, '-o', options, '-w', '-t', '120', 'start']);
  };
  /** Fast: open transactions rolled back, every connection ended with 57P01. */
  restart = () => this.tool('pg_ctl', ['-D', this.data, '-l', this.log, '-m', 'fast', '-w', '-t', '120', 'restart']);
  stop = (mode = 'fast') => this.tool('pg_ctl', ['-D', this.data, '-m', mode, '-w', '-t', '120', 'stop']);

  /** The server's log so far (to tell why a start or a recovery failed). */
  logText = () => (fs.existsSync(this.log) ? fs.readFileSync(this.log, 'utf8') : '');

  /** Ends the server by its process id (immediate shutdown, then SIGKILL) and removes its folder. */
  async destroy() {
    const pidFile = path.join(this.data, 'postmaster.pid');
    const pid = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
    if (pid > 0) {
      signal(pid, 'SIGQUIT');
      for (let waited = 0; waited < 10_000 && running(pid); waited += 100)
        await new Promise((resolve) => setTimeout(resolve, 100));
      signal(pid, 'SIGKILL');
    }
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  /** One statement on `database` over a connection of its own (none survives a restart). */
  async query<R>(database: string, text: string, params: unknown[] = []): Promise<R[]> {
    const url = new URL(this.url);
    url.pathname = `/${database}`;
    const client = new pg.Client({ connectionString: url.toString() });
    client.on('error', () => {});
    await client.connect();
    try {
      return (await client.query(text, params)).rows as R[];
    } finally {
      await client.end().catch(() => {});
    }
  }
}

/** Whether `pid` still runs (a zombie, ended but not yet reaped, does not). */
function running(pid: number): boolean {
  if (!signal(pid, 0)) return false;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat[stat.lastIndexOf(')') + 2] !== 'Z';
  } catch {
    return false;
  }
}

/** Sends `sig` to `pid`; false when there is no such process. */
function signal(pid: number, sig: NodeJS.Signals | 0): boolean {
  try {
    process.kill(pid, sig);
    return true;
  } catch {
    return false;
  }
}
