// The staff's load for `npm run test:ha`, through the app's balancer: clerks filing transfers, managers
// deciding the pending ones (picked by their state, each manager on accounts of their own so that no two
// decide the same request), and readers of lists. Every call follows the web app's retry contract
// (@bank/domain's LOST_STATUSES and retryDelay, as packages/web/src/api/http-client.ts): an answer lost
// (no connection, 502, 503, 504) is tried again after the delay, a write with the same Idempotency-Key.
// One more clerk, the probe, tries a lost write again every half second instead: its acknowledgements show
// when the database takes writes again, which the others' back-off (5 s and more) would blur. Every
// attempt's answer is kept with its time, for the suite to judge each fault's outage.
import crypto from 'node:crypto';
import { APP_HEADERS, LOST_STATUSES, retryDelay } from '@bank/domain';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One try of a call: the HTTP status, or the error's code when no answer came. */
export interface Attempt {
  kind: 'write' | 'read';
  status: number | string;
  /** performance.now() when the answer (or the error) came. */
  at: number;
  /** The instance that answered (X-Instance-Id); none: the balancer answered itself, or the error's message. */
  from?: string;
}

/** A write and what became of it. */
export interface KeyedWrite {
  key: string;
  login: string;
  method: 'POST' | 'PUT';
  /** The account of the transfer it files (POST) or decides (PUT). */
  account: number;
  /** Made by the probe. */
  probe: boolean;
  transferId?: number;
  decision?: 'VALIDATED' | 'REJECTED';
  tries: number;
  /** The final answer's status once answered (not lost); undefined when it never was. */
  status?: number;
  /** The answer was a replay of the first (Idempotent-Replayed): an earlier try had written. */
  replayed: boolean;
  answeredAt?: number;
}

export interface Load {
  readonly attempts: Attempt[];
  readonly writes: KeyedWrite[];
  /** Stops starting calls, lets each call in flight finish its retries (bounded), resolves when all are done. */
  stop(): Promise<void>;
}

interface Answer {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the load reads whatever the API answers
  body: any;
}

export interface LoadOptions {
  base: string;
  /** Bearer headers of a clerk (files) and of a manager (decides, reads). */
  clerk: Record<string, string>;
  manager: Record<string, string>;
  /** One account per filer-decider pair. */
  accounts: readonly number[];
  /** The probe's account, decided by nobody. */
  probeAccount: number;
  readers: number;
}

/** The probe's wait between two tries of a lost write. */
const PROBE_RETRY_MS = 500;

/**
 * Starts 2 × accounts.length + 1 + readers clients at once (16 in the suite: one connection each) and keeps
 * them going until `stop()`.
 */
export function startLoad({ base, clerk, manager, accounts, probeAccount, readers }: LoadOptions): Load {
  const attempts: Attempt[] = [];
  const writes: KeyedWrite[] = [];
  let running = true;
  // Once stopped, a call still lost after this is given up (and shows as never answered).
  let giveUpAt = Infinity;

  /** A call tried until it is answered, as the web app tries it. */
  async function call(
    kind: Attempt['kind'],
    method: string,
    url: string,
    headers: Record<string, string>,
    payload?: unknown,
    write?: KeyedWrite,
  ): Promise<Answer | undefined> {
    for (let tries = 0; ; tries++) {
      let lostFor = 0;
      try {
        const response = await fetch(`${base}${url}`, {
          method,
          headers: {
            ...headers,
            ...(write ? { [APP_HEADERS.idempotencyKey]: write.key } : {}),
            ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: payload === undefined ? undefined : JSON.stringify(payload),
          signal: AbortSignal.timeout(60_000),
        });
        const text = await response.text();
        const from = response.headers.get('x-instance-id') ?? 'balancer';
        attempts.push({ kind, status: response.status, at: performance.now(), from });
        if (write) write.tries = tries + 1;
        if (!LOST_STATUSES.has(response.status)) {
          const json = response.headers.get('content-type')?.includes('json');
          return { status: response.status, headers: response.headers, body: json && text ? JSON.parse(text) : text };
        }
        lostFor = Number(response.headers.get('retry-after') ?? 0) * 1000;
      } catch (error) {
        const { cause } = error as { cause?: Error & { code?: string } };
        const { message } = (cause ?? error) as Error;
        attempts.push({ kind, status: cause?.code ?? (error as Error).name, at: performance.now(), from: message });
        if (write) write.tries = tries + 1;
      }
      if (performance.now() > giveUpAt) return undefined;
      await sleep(write?.probe ? PROBE_RETRY_MS : retryDelay(tries, lostFor));
    }
  }

  async function keyed(write: KeyedWrite, url: string, headers: Record<string, string>, payload: unknown) {
    writes.push(write);
    const answer = await call('write', write.method, url, headers, payload, write);
    if (!answer) return undefined;
    write.status = answer.status;
    write.answeredAt = performance.now();
    write.replayed = answer.headers.get(APP_HEADERS.idempotentReplayed) === 'true';
    return answer;
  }

  const newWrite = (login: string, method: KeyedWrite['method'], account: number, probe = false): KeyedWrite => ({
    key: crypto.randomUUID(),
    login,
    method,
    account,
    probe,
    tries: 0,
    replayed: false,
  });

  async function filer(account: number, probe = false) {
    for (let n = 0; running; n++) {
      const write = newWrite('agentsaisie', 'POST', account, probe);
      const answer = await keyed(write, '/core/api/transfers', clerk, {
        amount: String(1000 + (n % 100)),
        bankAccountId: account,
        demandStatus: 'PENDING',
      });
      if (answer?.status === 201) write.transferId = answer.body.id as number;
      // A clerk types the next one: at most about five a second each.
      await sleep(200);
    }
  }

  async function decider(account: number) {
    for (let n = 0; running; n++) {
      // Picked by state: the oldest pending transfer of this manager's account.
      const pending = await call(
        'read',
        'GET',
        `/core/api/transfers?demandStatus.in=PENDING&bankAccountId.equals=${account}&sort=id,asc&size=1`,
        manager,
      );
      const transfer = pending?.status === 200 ? pending.body[0] : undefined;
      if (!transfer) {
        await sleep(200);
        continue;
      }
      const write = newWrite('manager', 'PUT', account);
      write.transferId = transfer.id as number;
      write.decision = n % 3 === 2 ? 'REJECTED' : 'VALIDATED';
      await keyed(write, `/core/api/transfers/${transfer.id}`, manager, {
        id: transfer.id,
        version: transfer.version,
        demandStatus: write.decision,
        comment: `Décision ${n}`,
      });
    }
  }

  async function reader(n: number) {
    const urls = [
      '/core/api/transfers?demandStatus.in=PENDING&sort=createdAt,desc&size=20',
      '/core/api/clients?size=20',
      '/api/account',
      `/core/api/bank-accounts/${accounts[n % accounts.length]}`,
    ];
    for (let i = n; running; i++) {
      await call('read', 'GET', urls[i % urls.length]!, manager);
      await sleep(100);
    }
  }

  const clients = [
    ...accounts.map((account) => filer(account)),
    ...accounts.map(decider),
    filer(probeAccount, true),
    ...Array.from({ length: readers }, (_, n) => reader(n)),
  ];
  const done = Promise.all(clients);
  return {
    attempts,
    writes,
    async stop() {
      running = false;
      giveUpAt = performance.now() + 60_000;
      await done;
    },
  };
}
