// The raw-SQL floor of a bench line (issue 23): the read statements the reference ran for the line's
// calls (the same statements as ours, see reference.ts), replayed by pgbench on as many connections
// for as long, each call's statements in turn and the calls drawn at random. pgbench prepares them
// and sends their parameters as untyped text, as both servers do; a statement the servers send
// unnamed (a text search, planned for its text each time) runs under `plan_cache_mode =
// force_custom_plan`, so PostgreSQL plans it as it does for the servers. What it measures is PostgreSQL alone on this machine, without HTTP, JSON or the access log's
// write (which runs on connections of its own): no server can answer faster.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Statement } from './reference';

export interface Floor {
  rps: number;
  p50: number;
  p99: number;
  /** Transactions pgbench reported failed or aborted. */
  errors: number;
}

export const pgbenchFound = () => spawnSync('pgbench', ['--version']).status === 0;

/** A parameter as node-postgres sends it: text, an array as PostgreSQL's array literal. */
function asText(value: unknown): string {
  if (Array.isArray(value)) return `{${value.map((item) => `"${asText(item).replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
  if (value instanceof Date) return value.toISOString();
  if (['string', 'number', 'bigint', 'boolean'].includes(typeof value)) return String(value);
  throw new Error(`a parameter pgbench cannot send: ${JSON.stringify(value)}`);
}

/** A text as an SQL literal. */
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * A pgbench script running one call's statements per transaction (the call drawn at random when
 * there are several), and the variables (`-D name=value`) holding their parameters. Calls that send
 * the same statements with other values (the random names) share one copy of them, so that each
 * connection prepares each statement once, as the servers do; their values are looked up by the
 * call drawn (one small prepared statement more per transaction).
 */
export function pgbenchScript(calls: Statement[][]): { script: string; defines: string[] } {
  const defines: string[] = [];
  const shapes = new Map<string, Statement[][]>();
  for (const statements of calls) {
    const shape = statements.map((s) => s.text).join('\n');
    shapes.set(shape, [...(shapes.get(shape) ?? []), statements]);
  }
  /** The statements of `same` (calls of one shape), their `$n` the variables `name(i, n)`. */
  const body = (same: Statement[][], name: (statement: number, n: number) => string) =>
    same[0]!
      .map(({ text, planEachTime }, i) => {
        if (text.includes(';')) throw new Error(`a statement pgbench would split: ${text}`);
        const sent = `${text.replace(/\$(\d+)/g, (_, n: string) => `:${name(i, Number(n))}`)};`;
        return planEachTime ? `set plan_cache_mode = force_custom_plan;\n${sent}\nreset plan_cache_mode;` : sent;
      })
      .join('\n');
  const bodies = [...shapes.values()].map((same, group) => {
    const name = (statement: number, n: number) => `g${group}s${statement}p${n}`;
    const names = same[0]!.flatMap((s, i) => s.values.map((_, n) => name(i, n + 1)));
    const valuesOf = (statements: Statement[]) => statements.flatMap((s) => s.values.map(asText));
    if (same.length === 1) {
      defines.push(...names.map((variable, i) => `${variable}=${valuesOf(same[0]!)[i]}`));
      return { calls: 1, text: body(same, name) };
    }
    const rows = same.map((statements, pick) => `(${[pick, ...valuesOf(statements).map(literal)].join(', ')})`);
    const lookup = `select ${names.join(', ')} from (values ${rows.join(', ')}) v(pick, ${names.join(', ')}) where pick = :pick \\gset`;
    return { calls: same.length, text: `\\set pick random(0, ${same.length - 1})\n${lookup}\n${body(same, name)}` };
  });
  if (bodies.length === 1) return { script: `${bodies[0]!.text}\n`, defines };
  // Each shape drawn as often as it has calls.
  let upTo = 0;
  const branches = bodies.map(({ calls: count, text }, i) => {
    upTo += count;
    return `${i === 0 ? '\\if' : i === bodies.length - 1 ? '\\else' : '\\elif'}${i === bodies.length - 1 ? '' : ` :call < ${upTo}`}\n${text}`;
  });
  return { script: `\\set call random(0, ${upTo - 1})\n${branches.join('\n')}\n\\endif\n`, defines };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

/** Runs `script` with pgbench: req/s as pgbench counts it, p50 and p99 from its per-transaction log. */
export async function runFloor(
  url: string,
  { script, defines }: ReturnType<typeof pgbenchScript>,
  connections: number,
  seconds: number,
): Promise<Floor> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-floor-'));
  try {
    fs.writeFileSync(path.join(dir, 'line.pgb'), script);
    const args = ['-n', '-M', 'prepared', '-c', String(connections), '-j', '2', '-T', String(seconds)];
    args.push('-l', `--log-prefix=${path.join(dir, 'log')}`, '-f', path.join(dir, 'line.pgb'));
    for (const define of defines) args.push('-D', define);
    const child = spawn('pgbench', [...args, url], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(output);
    if (code !== 0 || !tps) throw new Error(`pgbench failed (${code}):\n${output.slice(-2000)}`);
    const failed = /number of failed transactions: (\d+)/.exec(output);
    // Each log line: client, transaction, latency in µs, script, epoch seconds, µs.
    const latencies = fs
      .readdirSync(dir)
      .filter((name) => name.startsWith('log.'))
      .flatMap((name) => fs.readFileSync(path.join(dir, name), 'utf8').trim().split('\n'))
      .map((entry) => Number(entry.split(' ')[2]) / 1000)
      .sort((x, y) => x - y);
    return {
      rps: Math.round(Number(tps[1])),
      p50: Math.round(percentile(latencies, 0.5)),
      p99: Math.round(percentile(latencies, 0.99)),
      errors: Number(failed?.[1] ?? 0),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
