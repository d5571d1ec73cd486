// Point-in-time recovery drill (docs/backups.md#point-in-time-recovery), in the PostgreSQL run: a PostgreSQL
// instance of this test's own archives its WAL with the documented archive_command; it is migrated, a base
// backup is taken (npm run backup -- --base), rows are written, a time is noted, more rows are written; the
// archive receives them within archive_timeout (the RPO, measured); then npm run restore -- --to that time
// into a new data directory, which is started and must hold exactly the rows written before the time. The
// CLI's refusals are checked on the way: a time before the base backup or after the archive, a data
// directory that holds files, and the embedded database.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import {
  BASE_BACKUP_INFO,
  archiveCommand,
  folderBytes,
  parseTargetTime,
  restoreCommand,
  settingLine,
} from '../src/ops/pitr';
import { findPostgres, Instance } from './pg-instance';

const found = findPostgres();
const skipReason = 'reason' in found ? found.reason : undefined;
const binaries = 'reason' in found ? undefined : found;
const root = path.resolve(import.meta.dirname, '../../..');
/** A busy server switches segments by itself; an idle one hands its last changes over after this long. */
const ARCHIVE_TIMEOUT_S = 5;
const BEFORE_ROWS = 20_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let primary: Instance | undefined;
let restored: Instance | undefined;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-pitr-'));

/** npm run backup / restore as an operator runs them, with the drill instance as the server's database. */
function cli(args: string[], databaseUrl: string) {
  const child = spawn('node', ['--import', 'tsx', 'packages/server/src/ops/backup-cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, MIGRATION_DATABASE_URL: '', BACKUP_KEY: '' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (status) => resolve({ status, stdout, stderr })),
  );
}

/** `2026-11-28 14:03:00` in this process's time zone, as an operator writes --to. */
function localTime(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ` +
    `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}`
  );
}

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

const bankUrl = (instance: Instance) => instance.url.replace(/\/postgres$/, '/bank');

/** Rows of one batch (by their login) and a digest of them, on `instance`. */
async function batch(instance: Instance, login: string) {
  const [row] = await instance.query<{ n: number; md5: string | null }>(
    'bank',
    `select count(*)::int as n, md5(string_agg(t::text, e'\\n' order by t::text)) as md5 from access_log t where login = $1`,
    [login],
  );
  return row!;
}

beforeAll(async () => {
  if (!binaries) return;
  primary = new Instance(binaries, 'bank-pitr-primary-');
  const wal = path.join(primary.dir, 'wal');
  fs.mkdirSync(wal, { mode: 0o700 });
  primary.own(wal);
  await primary.create([
    'archive_mode = on',
    settingLine('archive_command', archiveCommand(wal)),
    `archive_timeout = ${ARCHIVE_TIMEOUT_S}`,
  ]);
  await primary.query('postgres', 'create database bank');
  const db = await openDatabase({ databaseUrl: bankUrl(primary) });
  try {
    await migrate(db);
  } finally {
    await db.close();
  }
}, 180_000);

afterAll(async () => {
  await restored?.destroy();
  await primary?.destroy();
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe('point-in-time recovery', () => {
  it('reads --to in the local time zone or the one it names, and refuses what is not a real time', () => {
    expect(parseTargetTime('2026-11-28 14:03:00')).toEqual(new Date(2026, 10, 28, 14, 3, 0));
    expect(parseTargetTime('2026-11-28 14:03')).toEqual(new Date(2026, 10, 28, 14, 3, 0));
    expect(parseTargetTime('2026-11-28T14:03:00.250Z')).toEqual(new Date(Date.UTC(2026, 10, 28, 14, 3, 0, 250)));
    expect(parseTargetTime('2026-11-28 14:03:00+01:00')).toEqual(new Date(Date.UTC(2026, 10, 28, 13, 3, 0)));
    expect(parseTargetTime('2026-11-28 14:03:00-0530')).toEqual(new Date(Date.UTC(2026, 10, 28, 19, 33, 0)));
    for (const wrong of [
      '2026-02-30 10:00:00',
      '2026-11-28 24:00:00',
      '2026-11-28',
      'yesterday',
      '2026-11-28 14:03:00 CET',
    ])
      expect(parseTargetTime(wrong), wrong).toBeUndefined();
  });

  it('archives a segment atomically, once, and gives it back (archive_command and restore_command)', () => {
    const wal = path.join(scratch, "wal o'archive");
    fs.mkdirSync(wal);
    const segment = path.join(scratch, 'segment');
    fs.writeFileSync(segment, 'first');
    // As PostgreSQL runs them: %p and %f replaced, through the shell.
    const sh = (command: string, p: string) =>
      spawnSync('sh', ['-c', command.replaceAll('%p', p).replaceAll('%f', '000000010000000000000001')]).status;
    expect(sh(archiveCommand(wal), segment)).toBe(0);
    expect(fs.readdirSync(wal)).toEqual(['000000010000000000000001']);
    expect(sh(archiveCommand(wal), segment), 'the same segment again').toBe(0);
    fs.writeFileSync(segment, 'other');
    expect(sh(archiveCommand(wal), segment), 'another segment of that name').not.toBe(0);
    expect(fs.readFileSync(path.join(wal, '000000010000000000000001'), 'utf8')).toBe('first');
    const back = path.join(scratch, 'back');
    expect(sh(restoreCommand(wal), back)).toBe(0);
    expect(fs.readFileSync(back, 'utf8')).toBe('first');
    expect(settingLine('restore_command', "cp 'a b'")).toBe(`restore_command = 'cp ''a b'''`);
  });

  it('refuses the embedded database, which has no WAL archive', async () => {
    const refused = await cli(['backup', '--base', path.join(scratch, 'embedded')], '');
    expect(refused.status, refused.stderr).toBe(2);
    expect(refused.stderr).toMatch(/embedded database \(PGlite.*no write-ahead log archive/);
    expect(fs.existsSync(path.join(scratch, 'embedded'))).toBe(false);
  });

  describe.skipIf(skipReason !== undefined)(`drill${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
    it('restores exactly what was committed before the chosen time', async () => {
      const source = primary!;
      const url = bankUrl(source);
      const wal = path.join(source.dir, 'wal');
      const base = path.join(scratch, 'base');

      let started = performance.now();
      const taken = await cli(['backup', '--base', base], url);
      expect(taken.status, taken.stderr).toBe(0);
      const baseSeconds = (performance.now() - started) / 1000;
      expect(fs.existsSync(path.join(base, BASE_BACKUP_INFO))).toBe(true);

      // The first writes: one bulk statement (replayed from the archive, not in the base) and a few small ones.
      const lsnBefore = (await source.query<{ lsn: string }>('bank', 'select pg_current_wal_lsn() as lsn'))[0]!.lsn;
      const row = `'ROLE_ADMIN', 'client', 'client', 1`;
      await source.query(
        'bank',
        `insert into access_log (login, authorities, what, subject, subject_id)
                                  select 'pitr-before', ${row} from generate_series(1, ${BEFORE_ROWS - 3})`,
      );
      for (let i = 0; i < 3; i++)
        await source.query(
          'bank',
          `insert into access_log (login, authorities, what, subject, subject_id)
                                    values ('pitr-before', ${row})`,
        );
      // The chosen time: the next whole second by the server's clock, once it has passed.
      const [{ now }] = (await source.query<{ now: Date }>('bank', 'select clock_timestamp() as now')) as [
        { now: Date },
      ];
      const chosen = new Date(Math.ceil((now.getTime() + 1) / 1000) * 1000);
      await until('the chosen time to pass', 5_000, async () =>
        (await source.query<{ past: boolean }>('bank', 'select clock_timestamp() > $1 as past', [chosen]))[0]!.past
          ? true
          : undefined,
      );
      // The later writes: none of them may come back.
      for (let i = 0; i < 5; i++)
        await source.query(
          'bank',
          `insert into access_log (login, authorities, what, subject, subject_id)
                                    values ('pitr-after', ${row})`,
        );
      const committed = performance.now();
      const [last] = await source.query<{ file: string; bytes: string }>(
        'bank',
        `select pg_walfile_name(pg_current_wal_lsn()) as file,
                pg_wal_lsn_diff(pg_current_wal_lsn(), $1)::bigint::text as bytes`,
        [lsnBefore],
      );
      // RPO: the last write is safe only once its segment is in the archive (archive_timeout, then the copy).
      await until('the last write archived', 60_000, async () =>
        fs.existsSync(path.join(wal, last!.file)) ? true : undefined,
      );
      const rpoSeconds = (performance.now() - committed) / 1000;
      const before = await batch(source, 'pitr-before');
      expect(before.n).toBe(BEFORE_ROWS);
      expect((await batch(source, 'pitr-after')).n).toBe(5);

      // Refusals, which change nothing.
      const occupied = path.join(scratch, 'occupied');
      fs.mkdirSync(occupied);
      fs.writeFileSync(path.join(occupied, 'keep'), 'data');
      const info = JSON.parse(fs.readFileSync(path.join(base, BASE_BACKUP_INFO), 'utf8')) as { completedAt: string };
      const beforeBase = new Date(new Date(info.completedAt).getTime() - 2_000).toISOString();
      const nowhere = path.join(scratch, 'nowhere');
      const pointInTime = (to: string, into: string) =>
        cli(['restore', '--to', to, '--base', base, '--wal', wal, '--into', into], url);
      const [early, late, full] = await Promise.all([
        pointInTime(beforeBase, nowhere),
        pointInTime(new Date(Date.now() + 600_000).toISOString(), nowhere),
        pointInTime(localTime(chosen), occupied),
      ]);
      expect(early.status, early.stderr).toBe(2);
      expect(early.stderr).toMatch(/is before the base backup .* was complete.*older base backup/s);
      expect(late.status, late.stderr).toBe(2);
      expect(late.stderr).toMatch(
        /is after the last archived write-ahead log \([0-9A-F]{24}, archived .*pg_switch_wal/s,
      );
      expect(full.status, full.stderr).toBe(3);
      expect(full.stderr).toMatch(/already holds files.*--force/s);
      expect(fs.existsSync(nowhere)).toBe(false);
      expect(fs.readdirSync(occupied)).toEqual(['keep']);

      // The restore, into a new data directory, started and promoted: the RTO.
      restored = new Instance(binaries!, 'bank-pitr-restored-');
      started = performance.now();
      const done = await pointInTime(localTime(chosen), restored.data);
      expect(done.status, done.stderr).toBe(0);
      expect(done.stdout).toMatch(/is ready .*Start PostgreSQL on it/s);
      const restoreSeconds = (performance.now() - started) / 1000;
      const copy = restored;
      copy.own(copy.data);
      // A failed start or replay is told by PostgreSQL's log, not by pg_ctl.
      const withLog = (error: Error) => {
        throw new Error(`${error.message}\n${copy.logText().slice(-3000)}`);
      };
      await copy.start().catch(withLog);
      await until('the restored server promoted', 120_000, async () =>
        (await copy.query<{ recovering: boolean }>('bank', 'select pg_is_in_recovery() as recovering'))[0]!.recovering
          ? undefined
          : true,
      ).catch(withLog);
      const rtoSeconds = (performance.now() - started) / 1000;
      expect(copy.logText()).toMatch(/recovery stopping before commit of transaction \d+, time /);

      expect(await batch(copy, 'pitr-before')).toEqual(before);
      expect((await batch(copy, 'pitr-after')).n).toBe(0);
      // Promoted: it takes writes again.
      await copy.query(
        'bank',
        `insert into access_log (login, authorities, what, subject, subject_id)
                                values ('pitr-restored', ${row})`,
      );

      console.info(
        `PITR drill: base backup ${(folderBytes(base) / 1024 ** 2).toFixed(1)} MB (WAL ${(folderBytes(path.join(base, 'pg_wal')) / 1024 ** 2).toFixed(1)} MB) in ${baseSeconds.toFixed(1)} s; ${BEFORE_ROWS} rows, ` +
          `${(Number(last!.bytes) / 1024 ** 2).toFixed(1)} MB of WAL to replay; last write archived after ` +
          `${rpoSeconds.toFixed(1)} s (archive_timeout ${ARCHIVE_TIMEOUT_S} s); restore ${restoreSeconds.toFixed(1)} s, ` +
          `then promoted ${rtoSeconds.toFixed(1)} s after the restore began; load average ${os
            .loadavg()
            .map((n) => n.toFixed(1))
            .join(' ')}`,
      );
    }, 240_000);
  });
});
