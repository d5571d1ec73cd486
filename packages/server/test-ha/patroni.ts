// A PostgreSQL high-availability cluster for `npm run test:ha`, from Debian's packages, as
// /work/shared/ha-recipe.md measured it: one etcd, three PostgreSQL nodes each run by Patroni (synchronous
// mode, strict: a commit is acknowledged once a standby has it), and HAProxy sending connections to whichever
// node Patroni's REST API says is the primary (`OPTIONS /primary`). Everything listens on free loopback ports
// and lives in one temporary folder; every process is ours by PID (Patroni's postmasters by postmaster.pid)
// and is killed when the test process exits, whatever happened.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startHaproxy, track, type Haproxy } from '../test-cluster/cluster';
import { exitOf, freePort } from '../test/child-server';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** PostgreSQL's programs: PG_BIN, else the newest Debian version installed. */
function postgresBin(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const versions = fs.existsSync('/usr/lib/postgresql')
    ? fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))
    : [];
  const found = versions.map((v) => `/usr/lib/postgresql/${v}/bin`).find((bin) => fs.existsSync(`${bin}/postgres`));
  if (!found) throw new Error('no PostgreSQL server programs under /usr/lib/postgresql (set PG_BIN)');
  return found;
}

/** One member as Patroni's `GET /cluster` shows it (3.0 names the primary `leader`). */
export interface Member {
  name: string;
  role: string;
  state: string;
  timeline?: number;
}

interface Node {
  readonly name: string;
  readonly dir: string;
  readonly dataDir: string;
  readonly config: string;
  readonly pgPort: number;
  readonly restPort: number;
  patroni?: ChildProcess;
}

export interface PatroniCluster {
  /** postgres://… through HAProxy: always the primary. */
  readonly url: string;
  readonly dir: string;
  readonly nodes: readonly string[];
  /** The members, from the first node whose REST API answers. */
  members(): Promise<Member[]>;
  /**
   * Resolves once a leader runs with at least `running` members running, one of them its synchronous
   * standby, and a commit through HAProxy is acknowledged; rejects after `timeoutMs`.
   */
  ready(running: number, timeoutMs: number): Promise<Member[]>;
  /** SIGKILL of the postmaster of `name` (Patroni lives on and sees it die). */
  killPostmaster(name: string): void;
  /** SIGKILL of `name`'s Patroni and its postmaster together: the node is lost. */
  killNode(name: string): void;
  /** Starts `name`'s Patroni again on the data left behind. */
  restartNode(name: string): void;
  /** Patroni's planned switchover (`POST /switchover` on the leader's REST API); resolves with its answer. */
  switchover(leader: string, candidate: string): Promise<{ status: number; text: string }>;
  /** The last lines each process logged, for a failure's message. */
  logs(): string;
  /** Everything stopped by PID (SIGTERM, SIGKILL after a short grace) and the folder removed. */
  stop(): Promise<void>;
}

/** The postmaster of `dataDir`, if one runs: the PID its postmaster.pid names, checked against /proc. */
function postmasterOf(dataDir: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    return cmdline.includes(dataDir) ? pid : undefined;
  } catch {
    return undefined;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM, then SIGKILL if `child` has not exited within `graceMs`. */
async function terminate(child: ChildProcess | undefined, graceMs: number): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = exitOf(child);
  child.kill('SIGTERM');
  if (await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)])) return;
  child.kill('SIGKILL');
  await exited;
}

/** SIGQUIT (PostgreSQL's immediate shutdown: the backends go too), then SIGKILL after `graceMs`. */
async function stopPostmaster(dataDir: string, graceMs: number): Promise<void> {
  const pid = postmasterOf(dataDir);
  if (pid === undefined) return;
  process.kill(pid, 'SIGQUIT');
  const deadline = Date.now() + graceMs;
  while (alive(pid) && Date.now() < deadline) await sleep(50);
  if (alive(pid)) process.kill(pid, 'SIGKILL');
}

/** Our postmasters, killed on exit like the tracked children (Patroni killed first leaves its postmaster). */
const dataDirs = new Set<string>();
process.on('exit', () => {
  for (const dataDir of dataDirs) {
    const pid = postmasterOf(dataDir);
    if (pid !== undefined) process.kill(pid, 'SIGKILL');
  }
});

function tail(file: string, bytes = 3000): string {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return text.slice(-bytes);
  } catch {
    return '(none)';
  }
}

/** Patroni's configuration (YAML, written as JSON, which YAML reads) for `node`, per the recipe. */
function patroniConfig(node: Node, etcdPort: number, bin: string): unknown {
  return {
    scope: 'bank-ha',
    namespace: '/bank-ha/',
    name: node.name,
    log: { level: 'INFO' },
    restapi: { listen: `127.0.0.1:${node.restPort}`, connect_address: `127.0.0.1:${node.restPort}` },
    etcd3: { hosts: `127.0.0.1:${etcdPort}` },
    bootstrap: {
      dcs: {
        ttl: 10,
        loop_wait: 2,
        retry_timeout: 5,
        maximum_lag_on_failover: 1048576,
        synchronous_mode: true,
        // No commit acknowledged by the primary alone: none can be lost with it.
        synchronous_mode_strict: true,
        // A killed postmaster is failed over, not restarted in place (recipe, run A1).
        primary_start_timeout: 0,
        postgresql: {
          use_pg_rewind: true,
          use_slots: true,
          parameters: {
            wal_level: 'replica',
            hot_standby: 'on',
            wal_log_hints: 'on',
            max_connections: 100,
            max_wal_senders: 5,
            max_replication_slots: 5,
            shared_buffers: '32MB',
            // The surviving replica follows a new primary in about 0.5 s instead of 5 (recipe, K3 against K4).
            wal_retrieve_retry_interval: '1s',
          },
        },
      },
      initdb: [{ encoding: 'UTF8' }, { locale: 'C.UTF-8' }],
    },
    postgresql: {
      listen: `127.0.0.1:${node.pgPort}`,
      connect_address: `127.0.0.1:${node.pgPort}`,
      data_dir: node.dataDir,
      bin_dir: bin,
      pgpass: path.join(node.dir, 'pgpass'),
      authentication: {
        superuser: { username: 'postgres', password: 'postgres' },
        replication: { username: 'replicator', password: 'replicator' },
        rewind: { username: 'rewinder', password: 'rewinder' },
      },
      // Sockets in the node's folder, away from the system PostgreSQL's.
      parameters: { unix_socket_directories: node.dir },
      pg_hba: ['local all all trust', 'host all all 127.0.0.1/32 trust', 'host replication all 127.0.0.1/32 trust'],
    },
  };
}

/**
 * Starts etcd, three Patroni nodes and HAProxy, and resolves once the cluster takes commits with a
 * synchronous standby (what `ready(3, …)` waits for).
 */
export async function startPatroniCluster(timeoutMs: number): Promise<PatroniCluster> {
  const bin = postgresBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-ha-'));
  // PostgreSQL refuses to run as root: as root, Patroni runs as the postgres user, who must reach its folders.
  const asRoot = process.getuid?.() === 0;
  fs.chmodSync(dir, 0o755);
  const logDir = path.join(dir, 'logs');
  fs.mkdirSync(logDir);
  const processes: Array<{ child: ChildProcess; log: string }> = [];
  const launch = (command: string, args: string[], log: string, env: NodeJS.ProcessEnv = process.env) => {
    const out = fs.openSync(log, 'a');
    const child = track(spawn(command, args, { env, stdio: ['ignore', out, out] }));
    fs.closeSync(out);
    // A program that cannot start says so in its log (and the wait for it fails), not as an unhandled event.
    child.once('error', (error) => fs.appendFileSync(log, `${command} did not start: ${error.message}\n`));
    processes.push({ child, log });
    return child;
  };

  const [etcdPort, etcdPeer, rwPort] = [await freePort(), await freePort(), await freePort()];
  const nodes: Node[] = [];
  for (const name of ['n1', 'n2', 'n3']) {
    const nodeDir = path.join(dir, name);
    fs.mkdirSync(nodeDir, { mode: 0o700 });
    const node: Node = {
      name,
      dir: nodeDir,
      dataDir: path.join(nodeDir, 'data'),
      config: path.join(dir, `${name}.yml`),
      pgPort: await freePort(),
      restPort: await freePort(),
    };
    fs.writeFileSync(node.config, JSON.stringify(patroniConfig(node, etcdPort, bin), null, 2));
    if (asRoot) fs.chownSync(nodeDir, ...postgresIds());
    dataDirs.add(node.dataDir);
    nodes.push(node);
  }
  const nodeByName = (name: string) => {
    const node = nodes.find((n) => n.name === name);
    if (!node) throw new Error(`no node ${name}`);
    return node;
  };

  const etcdUrl = `http://127.0.0.1:${etcdPort}`;
  const peerUrl = `http://127.0.0.1:${etcdPeer}`;
  // etcd's own folder is made by etcd (0700).
  launch(
    'etcd',
    [
      ...['--name', 'ha', '--data-dir', path.join(dir, 'etcd')],
      ...['--listen-client-urls', etcdUrl, '--advertise-client-urls', etcdUrl],
      ...['--listen-peer-urls', peerUrl, '--initial-advertise-peer-urls', peerUrl],
      ...['--initial-cluster', `ha=${peerUrl}`, '--initial-cluster-state', 'new'],
    ],
    path.join(logDir, 'etcd.log'),
  );

  const startPatroni = (node: Node) => {
    const env = { ...process.env, HOME: node.dir };
    // setpriv execs (runuser would fork): the PID we hold is Patroni's own.
    node.patroni = asRoot
      ? launch(
          'setpriv',
          ['--reuid=postgres', '--regid=postgres', '--init-groups', 'patroni', node.config],
          path.join(logDir, `${node.name}.log`),
          env,
        )
      : launch('patroni', [node.config], path.join(logDir, `${node.name}.log`), env);
  };

  let haproxy: Haproxy | undefined;
  const url = `postgres://postgres@127.0.0.1:${rwPort}/postgres`;

  const members = async (): Promise<Member[]> => {
    for (const node of nodes) {
      try {
        const response = await fetch(`http://127.0.0.1:${node.restPort}/cluster`, {
          signal: AbortSignal.timeout(2000),
        });
        if (response.ok) return ((await response.json()) as { members: Member[] }).members;
      } catch {
        // this node's Patroni is down or busy: ask the next
      }
    }
    return [];
  };

  const logs = () =>
    processes
      .map(({ log }) => log)
      .filter((log, i, all) => all.indexOf(log) === i)
      .map((log) => `--- ${path.basename(log)} ---\n${tail(log)}`)
      .join('\n');

  const stop = async () => {
    await haproxy?.stop();
    // Patroni first (it would restart a postmaster), then what it left, then etcd.
    await Promise.all(nodes.map((node) => terminate(node.patroni, 2000)));
    await Promise.all(nodes.map((node) => stopPostmaster(node.dataDir, 2000)));
    await Promise.all(processes.map(({ child }) => terminate(child, 2000)));
    for (const node of nodes) dataDirs.delete(node.dataDir);
    // Kept for CI's artifacts when asked: etcd's, each Patroni's (with its PostgreSQL's) log.
    if (process.env.HA_LOGS_DIR) fs.cpSync(logDir, process.env.HA_LOGS_DIR, { recursive: true });
    // A backend of a killed postmaster may still be on its way out.
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };

  const cluster: PatroniCluster = {
    url,
    dir,
    nodes: nodes.map((n) => n.name),
    members,
    async ready(running, readyTimeoutMs) {
      const deadline = Date.now() + readyTimeoutMs;
      let seen: Member[] = [];
      while (Date.now() < deadline) {
        seen = await members();
        const up = seen.filter((m) => m.state === 'running');
        if (
          up.length >= running &&
          up.some((m) => m.role === 'leader') &&
          up.some((m) => m.role === 'sync_standby') &&
          (await commits(url))
        )
          return seen;
        await sleep(500);
      }
      throw new Error(`the cluster was not ready in ${readyTimeoutMs} ms: ${JSON.stringify(seen)}\n${logs()}`);
    },
    killPostmaster(name) {
      const pid = postmasterOf(nodeByName(name).dataDir);
      if (pid === undefined) throw new Error(`no postmaster runs for ${name}`);
      process.kill(pid, 'SIGKILL');
    },
    killNode(name) {
      const node = nodeByName(name);
      const pid = postmasterOf(node.dataDir);
      node.patroni?.kill('SIGKILL');
      if (pid !== undefined) process.kill(pid, 'SIGKILL');
    },
    restartNode(name) {
      startPatroni(nodeByName(name));
    },
    async switchover(leader, candidate) {
      const response = await fetch(`http://127.0.0.1:${nodeByName(leader).restPort}/switchover`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ leader, candidate }),
        signal: AbortSignal.timeout(60_000),
      });
      return { status: response.status, text: await response.text() };
    },
    logs,
    stop,
  };

  try {
    const etcdDeadline = Date.now() + 30_000;
    while (
      !(await fetch(`${etcdUrl}/health`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > etcdDeadline) throw new Error(`etcd did not start:\n${logs()}`);
      await sleep(200);
    }
    // n1 first: it initialises the cluster while the others wait for its data to copy.
    for (const node of nodes) startPatroni(node);
    haproxy = await startHaproxy(
      [
        'global',
        '  maxconn 400',
        'defaults',
        '  mode tcp',
        '  retries 2',
        '  timeout connect 2s',
        '  timeout client 30m',
        '  timeout server 30m',
        '  timeout check 2s',
        'listen pg_rw',
        `  bind 127.0.0.1:${rwPort}`,
        // OPTIONS, not GET: GET fills Patroni's log with ConnectionResetError (recipe, #5). A node that stops
        // being the primary is taken out after two checks, and its connections are cut.
        '  option httpchk OPTIONS /primary',
        '  http-check expect status 200',
        '  default-server inter 1s fall 2 rise 2 on-marked-down shutdown-sessions',
        ...nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.pgPort} maxconn 100 check port ${n.restPort}`),
        '',
      ].join('\n'),
      () => listening(rwPort),
    );
    await cluster.ready(3, timeoutMs);
    return cluster;
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The postgres user's uid and gid. */
function postgresIds(): [number, number] {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('no postgres user on this machine (Debian’s postgresql package makes it)');
  const [, , uid, gid] = line.split(':');
  return [Number(uid), Number(gid)];
}

/** Whether something accepts connections on `port` of the loopback. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Whether a commit through `url` is acknowledged within 5 s (in strict mode: a standby has it). */
async function commits(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000, query_timeout: 5000 });
  try {
    await client.connect();
    await client.query('create table if not exists ha_probe (at timestamptz)');
    await client.query('insert into ha_probe values (now())');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
