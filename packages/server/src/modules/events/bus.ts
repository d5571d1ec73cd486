// The event bus between server instances: PostgreSQL NOTIFY on one channel, heard by every instance
// through one LISTEN connection of its own (re-opened when it drops). The embedded database serves a
// single process, which hears its own events directly.
import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';

export const EVENT_CHANNEL = 'bank_events';

export type BusEvent =
  | { type: 'pending' }
  | { type: 'presence'; resource: string; id: number; login: string; since: string; active: boolean }
  /** A staff member saved a request (a decision or a new observation): its open forms are out of date. */
  | { type: 'saved'; resource: string; id: number; login: string; version: number }
  /** A staff account changed (deactivated, roles, password, deleted): every instance drops its cached state. */
  | { type: 'account'; login: string }
  /** A decision gave these logins a notification (modules/notifications): their bells count again. */
  | { type: 'notified'; logins: string[] };

export interface EventBus {
  /** Sends `event` to every instance; a write's events are sent once it is committed. */
  publish(event: BusEvent): Promise<void>;
  subscribe(listener: (event: BusEvent) => void): () => void;
  close(): Promise<void>;
}

export async function createEventBus(
  db: Database,
  databaseUrl: string | undefined,
  log: FastifyBaseLogger,
): Promise<EventBus> {
  const listeners = new Set<(event: BusEvent) => void>();
  const deliver = (event: BusEvent) => {
    for (const listener of listeners) listener(event);
  };
  const subscribe = (listener: (event: BusEvent) => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };

  if (db.kind === 'pglite' || !databaseUrl) {
    return { publish: async (event) => deliver(event), subscribe, close: async () => {} };
  }

  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  /** Failed attempts since the connection was last up: the wait before the next one grows with them. */
  let failures = 0;
  const connect = async (): Promise<void> => {
    if (closed) return;
    const next = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel !== EVENT_CHANNEL || !message.payload) return;
      try {
        deliver(JSON.parse(message.payload) as BusEvent);
      } catch {
        log.warn({ payload: message.payload }, 'unreadable event on the bus');
      }
    });
    // Stays attached for the client's whole life, so a late error of a dropped client is heard too.
    const lost = (error?: Error) => {
      if (closed || client !== next) return;
      client = undefined;
      next.end().catch(() => {});
      if (failures === 0) log.warn({ err: error }, 'event bus connection lost; reconnecting');
      // 250 ms, 500 ms, then every second: back within a second or so of the database's return.
      const delay = Math.min(250 * 2 ** failures, 1_000);
      failures++;
      retry = setTimeout(() => void connect(), delay);
    };
    next.on('error', lost);
    next.on('end', () => lost());
    try {
      client = next;
      await next.connect();
      await next.query(`listen ${EVENT_CHANNEL}`);
    } catch (error) {
      lost(error as Error);
      return;
    }
    if (client !== next) return;
    if (failures > 0) {
      log.info('event bus reconnected');
      // Events sent while the bus was down are lost: the open streams get the counts as they are now.
      deliver({ type: 'pending' });
    }
    failures = 0;
  };
  // Sent on a connection of its own, outside the writes' transactions and without waiting for the disk:
  // PostgreSQL serialises the commits of every transaction that notifies (a database-wide lock held through
  // the commit's flush), so a NOTIFY inside a decision made every decision wait for the previous one's
  // commit. An event is a hint (a form or a count to refresh): one lost in a crash costs a refresh. Opened
  // before the listener starts, so that a failure here leaves no listener reconnecting forever.
  const sender = db.openSibling ? await db.openSibling(1, { synchronous_commit: 'off' }) : db;
  void connect();

  return {
    // Every instance, this one included, hears it through its LISTEN.
    async publish(event) {
      await sender.query('select pg_notify($1, $2)', [EVENT_CHANNEL, JSON.stringify(event)]);
    },
    subscribe,
    async close() {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end().catch(() => {});
      if (sender !== db) await sender.close();
    },
  };
}
