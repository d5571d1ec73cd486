// Idempotency-Key (issue 39; the contract is in docs/api.md#retries-and-idempotency-key): a write sent with
// a key is answered once, so that a client may repeat a write whose answer it lost (a fail-over) without
// applying it twice. No route knows about it: the request's key travels in an AsyncLocalStorage, and the
// database seam (idempotentDatabase) inserts the key's row in the first transaction of the request that
// writes, just before its COMMIT. The unique key serialises two requests with the same key (the second
// waits for the first's COMMIT, then finds the key taken and rolls back), and a write that rolls back takes
// its key with it. The answer is stored from the route's reply (onSend), before it leaves.
import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_HEADERS } from '@bank/domain';
import type { Database, Queryable } from '../db/database';
import { isDatabaseUnavailable } from '../db/unavailable';
import { HANDOFF_PATH } from '../modules/oidc/handoff';
import { HttpProblem } from '../problem';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** 1 to 255 visible ASCII characters. */
const VALID_KEY = /^[\x21-\x7e]{1,255}$/;
const LIFETIME = `interval '24 hours'`;
const PURGE_EVERY_MS = 3_600_000;
/** The answer's headers a replay repeats, beside its status and body. */
const REPLAYED_HEADERS = ['content-type', 'location', APP_HEADERS.alert, APP_HEADERS.params];
/**
 * Answers that carry a credential (a session's token, a second factor's secret or recovery codes) are never
 * kept at rest: these routes run again on a retry, as without a key.
 */
const CREDENTIAL_ANSWERS = new Set([
  'POST /api/authenticate',
  `POST ${HANDOFF_PATH}`,
  'POST /api/account/mfa/totp/setup',
  'POST /api/account/mfa/totp/activate',
]);

interface KeyedWrite {
  login: string;
  key: string;
  digest: string;
  /** A transaction of this request inserted the key's row: the request's later statements run as usual. */
  claimed: boolean;
  /** The answer is on its way: statements made from now on (other hooks') are not the write's. */
  answered: boolean;
  /** Its COMMIT's answer was lost, and the key's row showed afterwards that it had committed. */
  committedUnanswered?: boolean;
}

const keyedWrite = new AsyncLocalStorage<KeyedWrite>();
const WRITE = Symbol('idempotency key');
declare module 'fastify' {
  interface FastifyRequest {
    [WRITE]?: KeyedWrite;
  }
}

const problem = (status: number, message: string, detail: string, retryAfterSeconds?: number) =>
  new HttpProblem(status, { message, detail, ...(retryAfterSeconds ? { retryAfterSeconds } : {}) });
const inFlight = () =>
  problem(409, 'error.idempotencyKeyInFlight', 'A request with this Idempotency-Key is still running', 1);

/**
 * Inserts the key's row in `tx` if `tx` wrote anything (a transaction id is assigned at its first write);
 * a key already taken (and not expired) refuses the write with 409, which rolls it back.
 */
async function claimKey(tx: Queryable, write: KeyedWrite): Promise<boolean> {
  const [outcome] = await tx.query<{ wrote: boolean; claimed: boolean }>(
    `with wrote as (select pg_current_xact_id_if_assigned() is not null as yes),
          claimed as (
            insert into idempotency_key (login, key, digest) select $1, $2, $3 from wrote where yes
            on conflict (login, key) do update
               set digest = excluded.digest, created_at = now(), status = null, headers = null, body = null
             where idempotency_key.created_at < now() - ${LIFETIME}
            returning 1)
     select (select yes from wrote) as wrote, exists (select 1 from claimed) as claimed`,
    [write.login, write.key, write.digest],
  );
  if (!outcome!.wrote) return false;
  if (!outcome!.claimed) throw inFlight();
  write.claimed = true;
  return true;
}

/**
 * `db` as the routes see it. Outside a keyed write, or once its key is taken, it is `db` itself; before,
 * each transaction takes the key if it wrote, and a statement of its own (a write of one statement) runs in
 * a transaction of its own to do the same.
 */
export function idempotentDatabase(db: Database): Database {
  const transaction: Database['transaction'] = async (work) => {
    const write = keyedWrite.getStore();
    if (!write || write.claimed || write.answered) return db.transaction(work);
    let claimedHere = false;
    // Set once the work is done and the key taken, just before the COMMIT (a cast: assigned in the callback).
    let done = undefined as { result: Awaited<ReturnType<typeof work>> } | undefined;
    try {
      return await db.transaction(async (tx) => {
        const result = await work(tx);
        claimedHere = await claimKey(tx, write);
        done = { result };
        return result;
      });
    } catch (error) {
      if (claimedHere) write.claimed = false;
      // The COMMIT was sent and its answer lost (the primary died or stepped down with it in flight): the
      // key's row, committed with the write or not at all, tells which once the database answers again. A
      // write that committed goes on as committed and is answered once, instead of a 503 whose retry
      // would find its key without an answer (409 until the key expires).
      if (done && claimedHere && isDatabaseUnavailable(error) && (await keyCommitted(db, write))) {
        write.claimed = true;
        write.committedUnanswered = true;
        return done.result;
      }
      throw error;
    }
  };
  return {
    ...db,
    query(text, params, options) {
      const write = keyedWrite.getStore();
      if (!write || write.claimed || write.answered) return db.query(text, params, options);
      return transaction((tx) => tx.query(text, params, options));
    },
    transaction,
  };
}

/** How long a request whose COMMIT went unanswered waits for the database to say whether it committed. */
const OUTCOME_WAIT_MS = 20_000;

/**
 * Whether the key's row of `write` is in the database: asked of whoever is primary once it answers (a
 * fail-over takes 5 to 15 s); false when it does not answer within OUTCOME_WAIT_MS (the request's 503
 * stands, and a retry finds out).
 */
async function keyCommitted(db: Database, write: KeyedWrite): Promise<boolean> {
  const deadline = Date.now() + OUTCOME_WAIT_MS;
  for (;;) {
    try {
      const rows = await db.query(`select 1 from idempotency_key where login = $1 and key = $2 and digest = $3`, [
        write.login,
        write.key,
        write.digest,
      ]);
      return rows.length > 0;
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() > deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** Deletes the expired keys; returns how many. */
export async function purgeExpiredKeys(db: Queryable): Promise<number> {
  return (await db.query(`delete from idempotency_key where created_at < now() - ${LIFETIME} returning 1`)).length;
}

interface StoredAnswer {
  digest: string;
  status: number | null;
  headers: Record<string, string> | null;
  body: string | null;
}

function storedHeaders(reply: FastifyReply): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  return headers;
}

/**
 * `db`: the database itself (not idempotentDatabase's), for the keys' own statements. Registered after
 * authentication (the key is the caller's) and before the routes.
 */
export function registerIdempotency(app: FastifyInstance, db: Database): void {
  app.addHook('preHandler', (request, reply, done) => {
    const key = request.headers[APP_HEADERS.idempotencyKey];
    if (key === undefined || !WRITES.has(request.method) || request.routeOptions.config?.access === undefined)
      return done();
    if (CREDENTIAL_ANSWERS.has(`${request.method} ${request.routeOptions.url}`)) return done();
    if (typeof key !== 'string' || !VALID_KEY.test(key))
      return done(problem(400, 'error.idempotencyKeyInvalid', 'Idempotency-Key is 1 to 255 visible ASCII characters'));
    const digest = crypto
      .createHash('sha256')
      .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
      .digest('hex');
    const write: KeyedWrite = { login: request.user?.login ?? '', key, digest, claimed: false, answered: false };
    db.query<StoredAnswer>(
      `select digest, status, headers, body from idempotency_key
        where login = $1 and key = $2 and created_at >= now() - ${LIFETIME}`,
      [write.login, key],
    ).then(
      ([stored]) => {
        if (!stored) {
          request[WRITE] = write;
          return keyedWrite.run(write, done);
        }
        if (stored.digest !== digest)
          return done(problem(422, 'error.idempotencyKeyReused', 'This Idempotency-Key was used for another request'));
        if (stored.status === null) return done(inFlight());
        // Answered here: the route does not run.
        void reply
          .code(stored.status)
          .headers({ ...stored.headers, [APP_HEADERS.idempotentReplayed]: 'true' })
          .send(stored.body ?? undefined);
      },
      (error: unknown) => done(error as Error),
    );
  });

  // A write that committed is answered once: its answer is stored (a refusal too, when the request wrote
  // before refusing: a failed attempt on record). An error of the server after the COMMIT leaves the key
  // without an answer: retries get 409 until it expires, never a second write.
  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done) => {
    const write = request[WRITE];
    if (!write || write.answered) return done(null, payload);
    write.answered = true;
    if (write.committedUnanswered)
      request.log.warn({ status: reply.statusCode }, 'idempotency key: a commit whose answer was lost had committed');
    if (!write.claimed || reply.statusCode >= 500) return done(null, payload);
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    db.query(`update idempotency_key set status = $3, headers = $4, body = $5 where login = $1 and key = $2`, [
      write.login,
      write.key,
      reply.statusCode,
      JSON.stringify(storedHeaders(reply)),
      body,
    ]).then(
      () => done(null, payload),
      (error: unknown) => {
        // The write is done and its answer leaves; only a retry of it will be told 409.
        request.log.warn({ err: error }, 'idempotency key: answer not stored');
        done(null, payload);
      },
    );
  });

  // Every instance purges; two purges at once delete the same rows, harmlessly.
  const purge = setInterval(() => void purgeExpiredKeys(db).catch(() => {}), PURGE_EVERY_MS);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));
}
