// Point-in-time recovery of a PostgreSQL server (docs/backups.md#point-in-time-recovery): the server copies
// every finished WAL segment into an archive folder (archiveCommand, in its postgresql.conf); `npm run
// backup -- --base DIR` takes a base backup with pg_basebackup; `npm run restore -- --to TIME …` copies a
// base backup into a new data directory set to replay the archive up to TIME and then be promoted. The
// embedded database has no WAL archive: both refuse it.
import fs from 'node:fs';
import path from 'node:path';
import {
  OperatorError,
  connectTo,
  formatBytes,
  libpq,
  secondsSince,
  start,
  ticker,
  toolVersion,
  type Options,
} from './backup';

/** What a base backup folder holds beside PostgreSQL's own files: when it was taken, by the server's clock. */
export const BASE_BACKUP_INFO = 'bank-base-backup.json';
interface BaseBackupInfo {
  startedAt: string;
  /** The server's clock once pg_basebackup had ended: no point in time before this can be restored from it. */
  completedAt: string;
  server: string;
}

const NO_ARCHIVE_ON_PGLITE =
  'The embedded database (PGlite, DATA_DIR) has no write-ahead log archive: point-in-time recovery needs a ' +
  'PostgreSQL server (DATABASE_URL) with WAL archiving on. For the embedded database use npm run backup -- FILE.';

/** A word for a POSIX shell, whatever it holds; a plain path as it is (postgresql.conf then reads easily). */
const shellWord = (text: string) => (/^[\w./%-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`);

/**
 * The archive_command that copies a finished segment (%p) into `walDir` under its name (%f). The copy is
 * written beside its final name, flushed and renamed, so that the archive never holds a torn segment; a
 * segment already archived is accepted only if identical (PostgreSQL may ask again after a crash), and a
 * different one is refused rather than overwritten.
 */
export function archiveCommand(walDir: string): string {
  const file = shellWord(path.join(walDir, '%f'));
  const partial = shellWord(path.join(walDir, '%f.partial'));
  return (
    `if test -f ${file}; then cmp -s %p ${file}; ` +
    `else cp %p ${partial} && sync ${partial} && mv ${partial} ${file} && sync ${shellWord(walDir)}; fi`
  );
}

/** The restore_command that fetches a segment back from `walDir` (a missing one ends the replay). */
export const restoreCommand = (walDir: string) => `cp ${shellWord(path.join(walDir, '%f'))} %p`;

/** A line of postgresql.conf setting `name` to the string `value`. */
export const settingLine = (name: string, value: string) => `${name} = '${value.replaceAll("'", "''")}'`;

const TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/**
 * `2026-11-28 14:03:00` in this machine's time zone (TZ), or with a zone (`Z`, `+01`, `+01:00`);
 * seconds and milliseconds optional. Undefined when it is not such a time or not a real date.
 */
export function parseTargetTime(text: string): Date | undefined {
  const match = TIME.exec(text.trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s = '0', ms = '0', zone] = match;
  const fields = [y, mo, d, h, mi, s].map(Number) as [number, number, number, number, number, number];
  const [year, month, day, hours, minutes, seconds] = fields;
  const millis = Number(ms.padEnd(3, '0'));
  // The wall-clock fields read back: new Date() rolls 2026-02-30 over to March, which is not the date written.
  if (zone === undefined) {
    const date = new Date(year, month - 1, day, hours, minutes, seconds, millis);
    const back = [
      date.getFullYear(),
      date.getMonth() + 1,
      date.getDate(),
      date.getHours(),
      date.getMinutes(),
      date.getSeconds(),
    ];
    return back.every((value, i) => value === fields[i]) ? date : undefined;
  }
  const wall = new Date(Date.UTC(year, month - 1, day, hours, minutes, seconds, millis));
  const back = [
    wall.getUTCFullYear(),
    wall.getUTCMonth() + 1,
    wall.getUTCDate(),
    wall.getUTCHours(),
    wall.getUTCMinutes(),
    wall.getUTCSeconds(),
  ];
  if (!back.every((value, i) => value === fields[i])) return undefined;
  const [, sign, zoneHours = '0', zoneMinutes = '0'] = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone) ?? [];
  const offset = (sign === '-' ? -1 : 1) * (Number(zoneHours) * 60 + Number(zoneMinutes));
  return new Date(wall.getTime() - offset * 60_000);
}

/** The bytes of the files under `dir`. */
export function folderBytes(dir: string): number {
  let bytes = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true }))
    // A file may go between the listing and its size while pg_basebackup writes (a WAL segment's .partial).
    if (entry.isFile())
      bytes += fs.statSync(path.join(entry.parentPath, entry.name), { throwIfNoEntry: false })?.size ?? 0;
  return bytes;
}

const isEmptyDir = (dir: string) => !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;

// ---------------------------------------------------------------------------------------------------------------
// Base backup

export interface BaseOutcome {
  dir: string;
  bytes: number;
  seconds: number;
  completedAt: Date;
}

/** `databaseUrl`: the owner's (ownerDatabaseUrl), a role with REPLICATION. */
export async function baseBackup(
  target: { databaseUrl?: string | undefined },
  dir: string,
  options: Options = {},
): Promise<BaseOutcome> {
  const progress = options.progress ?? (() => {});
  if (!target.databaseUrl) throw new OperatorError(NO_ARCHIVE_ON_PGLITE, 2);
  const destination = path.resolve(dir);
  if (!fs.existsSync(path.dirname(destination)))
    throw new OperatorError(`The folder ${path.dirname(destination)} does not exist: create it first.`, 2);
  if (!isEmptyDir(destination) && !options.force)
    throw new OperatorError(
      `${destination} already holds files. Give each base backup its own folder (with the date, say) or add --force to replace it.`,
      3,
    );
  const { url, env, label } = libpq(target.databaseUrl);
  const server = await serverState(target.databaseUrl, label);
  progress(`Taking a base backup of the ${label} with ${await toolVersion('pg_basebackup')}…`);
  const partial = `${destination}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  const started = performance.now();
  const stop = ticker(progress, () => {
    try {
      return `${formatBytes(folderBytes(partial))} copied`;
    } catch {
      return 'copying'; // the folder is being created, or a subfolder moved while it was read
    }
  });
  let completedAt: Date;
  try {
    // --checkpoint=fast: start now rather than after the next spread checkpoint (minutes away). The WAL written
    // during the copy is streamed into it, so that the folder is a consistent cluster by itself.
    await start(
      'pg_basebackup',
      ['--pgdata', partial, '--wal-method=stream', '--checkpoint=fast', '--no-password', `--dbname=${url}`],
      env,
      'ignore',
    ).done;
    completedAt = await serverNow(target.databaseUrl);
    const info: BaseBackupInfo = {
      startedAt: server.now.toISOString(),
      completedAt: completedAt.toISOString(),
      server: label,
    };
    fs.writeFileSync(path.join(partial, BASE_BACKUP_INFO), `${JSON.stringify(info, null, 2)}\n`, { mode: 0o600 });
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  } finally {
    stop();
  }
  fs.rmSync(destination, { recursive: true, force: true });
  fs.renameSync(partial, destination);
  const bytes = folderBytes(destination);
  const seconds = secondsSince(started);
  progress(
    `Base backup written to ${destination}: ${formatBytes(bytes)} in ${seconds.toFixed(1)} s. It restores any ` +
      `moment from ${completedAt.toISOString()} on, with the WAL archived since (${server.archiveCommand}).`,
  );
  progress(
    'It is a copy of the whole cluster, not encrypted by BACKUP_KEY, and so is the WAL archive: keep both on ' +
      'storage only the database operators can read (docs/backups.md).',
  );
  if (server.archiverFailing)
    progress(
      `Warning: the server's last attempt to archive a segment failed (${server.archiverFailing}): see its log.`,
    );
  return { dir: destination, bytes, seconds, completedAt };
}

/** Refuses a server that does not archive its WAL or a role that may not copy it. */
async function serverState(databaseUrl: string, label: string) {
  const client = await connectTo(databaseUrl);
  try {
    const { rows } = await client.query<{
      mode: string;
      command: string;
      replication: boolean;
      role: string;
      now: Date;
      failing: string | null;
    }>(
      `select current_setting('archive_mode') as mode, current_setting('archive_command') as command,
              (select rolreplication or rolsuper from pg_roles where rolname = current_user) as replication,
              current_user as role, now() as now,
              (select last_failed_wal || ' at ' || last_failed_time from pg_stat_archiver
                where last_failed_time > coalesce(last_archived_time, '-infinity')) as failing`,
    );
    const state = rows[0]!;
    if (state.mode === 'off' || state.command === '')
      throw new OperatorError(
        `The ${label} does not archive its write-ahead log (archive_mode ${state.mode}, archive_command ` +
          `${state.command ? 'set' : 'empty'}): a base backup alone restores no point in time. Set up archiving ` +
          `first (docs/backups.md#point-in-time-recovery). Nothing was written.`,
        2,
      );
    if (!state.replication)
      throw new OperatorError(
        `The role ${state.role} may not take a base backup: ALTER ROLE ${state.role} REPLICATION, and let it connect ` +
          `for replication in pg_hba.conf. Nothing was written.`,
        2,
      );
    return { now: state.now, archiveCommand: state.command, archiverFailing: state.failing };
  } finally {
    await client.end();
  }
}

async function serverNow(databaseUrl: string): Promise<Date> {
  const client = await connectTo(databaseUrl);
  try {
    return (await client.query<{ now: Date }>('select clock_timestamp() as now')).rows[0]!.now;
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Restore to a point in time

export interface PointInTime {
  /** The moment to recover to, as the operator wrote it (parseTargetTime). */
  to: string;
  /** A base backup folder made by baseBackup. */
  base: string;
  /** The archive folder the server's archive_command copies into. */
  wal: string;
  /** The data directory to create (or, with force, to replace). */
  into: string;
}

export interface PointInTimeOutcome {
  into: string;
  bytes: number;
  seconds: number;
  target: Date;
}

export async function restoreToTime(
  target: { databaseUrl?: string | undefined },
  request: PointInTime,
  options: Options = {},
): Promise<PointInTimeOutcome> {
  const progress = options.progress ?? (() => {});
  if (!target.databaseUrl) throw new OperatorError(NO_ARCHIVE_ON_PGLITE, 2);
  const time = parseTargetTime(request.to);
  if (!time)
    throw new OperatorError(
      `--to ${JSON.stringify(request.to)} is not a time: write it as "2026-11-28 14:03:00" (this machine's time ` +
        `zone, ${Intl.DateTimeFormat().resolvedOptions().timeZone}) or with a zone, "2026-11-28 14:03:00+00".`,
      2,
    );
  const base = path.resolve(request.base);
  const wal = path.resolve(request.wal);
  const into = path.resolve(request.into);
  const infoFile = path.join(base, BASE_BACKUP_INFO);
  if (!fs.existsSync(infoFile) || !fs.existsSync(path.join(base, 'backup_label')))
    throw new OperatorError(`${base} is not a base backup made by npm run backup -- --base.`, 2);
  const info = JSON.parse(fs.readFileSync(infoFile, 'utf8')) as BaseBackupInfo;
  const completedAt = new Date(info.completedAt);
  if (time < completedAt)
    throw new OperatorError(
      `${time.toISOString()} is before the base backup in ${base} was complete (${info.completedAt}): a base backup ` +
        `restores only moments after it. Choose an older base backup. Nothing was changed.`,
      2,
    );
  if (!fs.existsSync(wal) || !fs.statSync(wal).isDirectory())
    throw new OperatorError(`The WAL archive ${wal} does not exist. Is --wal the folder of the archive_command?`, 2);
  // Every change in a segment was written before the segment was copied: past the newest copy, the archive
  // cannot tell what happened, and PostgreSQL would stop short of the target (FATAL) after the whole replay.
  const newest = newestSegment(wal);
  if (!newest || time > newest.archivedAt)
    throw new OperatorError(
      `${time.toISOString()} is after the last archived write-ahead log` +
        (newest ? ` (${newest.name}, archived ${newest.archivedAt.toISOString()})` : ` (${wal} holds no segment)`) +
        `: what happened since is not in the archive. Restore to an earlier time, or, if the server still runs, ` +
        `have it archive its current segment (select pg_switch_wal()) and run again. Nothing was changed.`,
      2,
    );
  refuseLiveOrFull(into, options.force ?? false);

  const started = performance.now();
  progress(`Restoring the base backup ${base} (taken ${info.startedAt} of the ${info.server}) into ${into}…`);
  fs.mkdirSync(into, { recursive: true, mode: 0o700 });
  for (const name of fs.readdirSync(into)) fs.rmSync(path.join(into, name), { recursive: true, force: true });
  const leftOut = new Set([BASE_BACKUP_INFO, 'backup_manifest'].map((name) => path.join(base, name)));
  fs.cpSync(base, into, { recursive: true, filter: (source) => !leftOut.has(source) });
  fs.chmodSync(into, 0o700);
  fs.appendFileSync(
    path.join(into, 'postgresql.auto.conf'),
    [
      '',
      `# npm run restore -- --to ${JSON.stringify(request.to)}, ${new Date().toISOString()}: replay the archive up to`,
      '# that moment, then open for writes. Remove these lines once the server has been promoted.',
      settingLine('restore_command', restoreCommand(wal)),
      // A numeric offset: PostgreSQL reads no zone name ("Z" included) in this setting.
      settingLine('recovery_target_time', time.toISOString().replace('T', ' ').replace('Z', '+00')),
      settingLine('recovery_target_action', 'promote'),
      '',
    ].join('\n'),
  );
  // Written last: a copy cut short is never started as a recovery.
  fs.writeFileSync(path.join(into, 'recovery.signal'), '', { mode: 0o600 });
  const bytes = folderBytes(into);
  const seconds = secondsSince(started);
  progress(
    `${into} is ready (${formatBytes(bytes)} in ${seconds.toFixed(1)} s). Start PostgreSQL on it: it replays the ` +
      `WAL archived in ${wal} up to ${time.toISOString()}, then is promoted and takes writes (its log says ` +
      `"recovery stopping before commit …" and "archive recovery complete").`,
  );
  if (process.getuid?.() === 0)
    progress(`The files belong to root, which PostgreSQL refuses: chown -R postgres: ${into} before starting it.`);
  return { into, bytes, seconds, target: time };
}

/** The most recently archived segment (not a .partial copy, a timeline history or a backup label). */
function newestSegment(wal: string): { name: string; archivedAt: Date } | undefined {
  let newest: { name: string; archivedAt: Date } | undefined;
  for (const name of fs.readdirSync(wal)) {
    if (!/^[0-9A-F]{24}$/.test(name)) continue;
    const archivedAt = fs.statSync(path.join(wal, name)).mtime;
    if (!newest || archivedAt > newest.archivedAt) newest = { name, archivedAt };
  }
  return newest;
}

/** Never under a running server; a directory that holds anything only with --force. */
function refuseLiveOrFull(into: string, force: boolean): void {
  if (isEmptyDir(into)) return;
  const pidFile = path.join(into, 'postmaster.pid');
  const pid = fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]) : 0;
  if (pid > 0 && alive(pid))
    throw new OperatorError(
      `A PostgreSQL server (process ${pid}) runs on ${into}: stop it first. Nothing was changed.`,
      3,
    );
  if (!force)
    throw new OperatorError(
      `${into} already holds files. A point-in-time restore replaces all of them: run again with --force if that ` +
        `is what you want (move it aside first if in doubt). Nothing was changed.`,
      3,
    );
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
