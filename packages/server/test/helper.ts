// Test harness: the real app over a fresh database — in-memory PGlite by default, or a new
// PostgreSQL database (created here, dropped on close) when DATABASE_URL is set.
import crypto from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openPglite, openPostgres, type Database, type Queryable } from '../src/db/database';
import { quote } from '../src/db/schema';
import type { Actor } from '../src/engine/entity-service';
import { migrate } from '../src/db/migrate';
import { decodeKey, type ServerKeys } from '../src/security/server-keys';
import type { MailMessage } from '../src/modules/mail/mailer';
import { seedDemo, seedDemoAccounts } from '../src/seed/demo';
import { entityByName, takeStreamEvents } from '@bank/domain';
import { pgliteTemplate, postgresTemplate, type TemplateSeed } from './templates';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  /** The keys the app was given (testKeys). */
  keys: ServerKeys;
  /** Every mail the app sent, as its recipient got it (test/outbox.ts reads it). */
  mails: MailMessage[];
  /** Signs in through the API and returns the bearer token (one per login, kept for the suite). */
  tokenFor(login: string, password?: string): Promise<string>;
  /** Signs in anew (a session of its own), for a test that ends sessions. */
  signIn(login: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** `seeded`: whether the database came from the run's template for `seed` (templates.ts), seed included. */
async function openTestDatabase(
  seed: TemplateSeed,
): Promise<{ db: Database; url?: string; seeded: boolean; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const tarball = await pgliteTemplate(seed);
    return { db: await openPglite(undefined, tarball), seeded: Boolean(tarball), drop: async () => {} };
  }
  const name = `bank_test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  const template = postgresTemplate(seed, url);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const db = await openPostgres(target.toString(), 4);
  return {
    db,
    url: target.toString(),
    seeded: Boolean(template),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** The configured keys, as main.ts reads them, else new random ones: a test app never writes a keys file. */
export const testKeys = (config: Pick<Config, 'jwtSecret' | 'mfaEncryptionKey'>): ServerKeys => ({
  jwtSecret: config.jwtSecret ? decodeKey(config.jwtSecret) : new Uint8Array(crypto.randomBytes(64)),
  mfaKey: config.mfaEncryptionKey ? decodeKey(config.mfaEncryptionKey) : new Uint8Array(crypto.randomBytes(32)),
});

/**
 * `seed`: 'accounts' (default) creates the demo staff accounts only, which most suites need and is
 * fast; 'demo' adds the whole demo data set; 'none' leaves the database empty. `config` overrides settings.
 */
export async function startTestApp(
  options: { seed?: 'none' | 'accounts' | 'demo'; config?: Partial<Config> } = {},
): Promise<TestApp> {
  const seed = options.seed ?? 'accounts';
  const { db, url, seeded, drop } = await openTestDatabase(seed);
  const applied = await migrate(db);
  // A template is made by the same run from the same migrations: one it lacks means it is not this tree's.
  if (seeded && applied.length > 0) throw new Error(`template database lacked migrations ${applied.join(', ')}`);
  if (!seeded && seed === 'accounts') await seedDemoAccounts(db);
  if (!seeded && seed === 'demo') await seedDemo(db);
  // The database's own address, as main.ts would have it: the event bus listens on it.
  const config = {
    ...loadConfig({}),
    databaseUrl: url,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    webDist: undefined,
    // DATA_DIR is the repository's ./data here: a test that anchors gives a folder of its own.
    evidenceAnchorMinutes: 0,
    ...options.config,
  };
  const keys = testKeys(config);
  const mails: MailMessage[] = [];
  const app = await buildApp({ config, db, keys, mailbox: (mail) => mails.push(mail) });
  const tokens = new Map<string, string>();
  const signIn = async (login: string, password = login) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: login, password },
    });
    if (response.statusCode !== 200) throw new Error(`sign-in of ${login} failed: ${response.body}`);
    return response.json<{ id_token: string }>().id_token;
  };
  return {
    app,
    db,
    keys,
    mails,
    signIn,
    async tokenFor(login, password = login) {
      const cached = tokens.get(login);
      if (cached && password === login) return cached;
      const token = await signIn(login, password);
      tokens.set(login, token);
      return token;
    },
    async close() {
      await app.close();
      await drop();
    },
  };
}

/** The server writing its own records (history, security) through the engine: no staff role. */
export const SERVER: Actor = { login: 'system', authorities: [] };

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The status of a call to an event-stream route, which never ends: made over real HTTP on a listening
 * `app` and cut once the status has arrived.
 */
export async function streamStatus(base: string, url: string, headers: Record<string, string>): Promise<number> {
  const controller = new AbortController();
  const response = await fetch(`${base}${url}`, { headers, signal: controller.signal });
  controller.abort();
  return response.status;
}

export interface StreamEvent {
  event: string;
  data: Record<string, unknown>;
  /** When it arrived (performance.now()). */
  at: number;
}

/** An event stream read as a browser's fetch would: what arrived and when, and a wait for one. */
export async function openEventStream(url: string, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const received: StreamEvent[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      const taken = takeStreamEvents(buffer + value);
      buffer = taken.rest;
      const at = performance.now();
      received.push(...taken.events.map((e) => ({ ...(e as Omit<StreamEvent, 'at'>), at })));
    }
  })();
  /** The first event from index `from` on that `matches`, waited for up to 5 s. */
  const next = async (matches: (r: StreamEvent) => boolean, from = 0): Promise<StreamEvent> => {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = received.slice(from).find(matches);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no such event; received ${JSON.stringify(received)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return { response, received, next, close: () => controller.abort() };
}

/**
 * Writes a row as the core banking system or the server's own statements do: past dates, decided statuses,
 * history, none of which the API lets a client set. Values by field name; returns the id.
 * @example await insertRecord(t.db, 'transfer', { amount: '2500', demandStatus: 'VALIDATED', createdAt: '2026-03-31T23:30:00Z' })
 */
export async function insertRecord(
  db: Queryable,
  entityName: string,
  values: Record<string, unknown>,
): Promise<number> {
  const entity = entityByName(entityName);
  const columns = Object.keys(values).map((name) => {
    const field = entity.field(name);
    if (!field) throw new Error(`${entityName} has no field ${name}`);
    return quote(field.column);
  });
  const placeholders = columns.map((_, i) => `$${i + 1}`);
  const [row] = await db.query<{ id: number }>(
    `insert into ${quote(entity.table)} (${columns.join(', ')}) values (${placeholders.join(', ')}) returning id`,
    Object.values(values),
  );
  return row!.id;
}
