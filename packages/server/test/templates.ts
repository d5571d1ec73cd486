// The databases the server suite's files start from, made once per run by this globalSetup (vitest.config.ts):
// 'none' migrated, 'accounts' with the demo staff accounts, 'demo' with the whole demo data. A file then
// copies one — a PGlite tarball loaded in half a second, or CREATE DATABASE … TEMPLATE on PostgreSQL — instead
// of running initdb, every migration, eight argon2 hashes and, for 'demo', the demo seed: most of what a small
// file used to cost. The copies hold exactly what migrate() and the seeds write: the same code, run here on an
// empty database every run. migrate() still runs on every copy and must find nothing to apply, and empty
// databases are still migrated and seeded by db-unavailable.test.ts, db-restart.test.ts (a PostgreSQL of its
// own), the browser suite's server at its first start and the cluster's two instances.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { TestProject } from 'vitest/node';
import { createPglite, openPostgres, type Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { seedDemoAccounts } from '../src/seed/demo';
import { seedDemoData } from '../src/seed/demo-data';

export type TemplateSeed = 'none' | 'accounts' | 'demo';

export type Templates =
  | { backend: 'pglite'; files: Record<TemplateSeed, string> }
  /** `server`: the DATABASE_URL the databases were made on; a copy is only made on that server. */
  | { backend: 'postgres'; server: string; databases: Record<TemplateSeed, string> };

declare module 'vitest' {
  export interface ProvidedContext {
    serverTemplates: Templates | undefined;
  }
}

/** The tarball to load into a new embedded database, when this run made one. */
export function pgliteTemplate(seed: TemplateSeed): Promise<Blob> | undefined {
  const templates = provided();
  return templates?.backend === 'pglite' ? fs.openAsBlob(templates.files[seed]) : undefined;
}

/** The template database to copy on the PostgreSQL server `adminUrl`, when this run made one there. */
export function postgresTemplate(seed: TemplateSeed, adminUrl: string): string | undefined {
  const templates = provided();
  return templates?.backend === 'postgres' && templates.server === adminUrl ? templates.databases[seed] : undefined;
}

function provided(): Templates | undefined {
  try {
    return inject('serverTemplates');
  } catch {
    // Not in a vitest worker (or a project without this setup): every database is made from scratch.
    return undefined;
  }
}

/** An in-memory PGlite as a Database, for the seeds: what openPglite gives, without its lock and upkeep. */
function pgliteDatabase(pglite: Awaited<ReturnType<typeof createPglite>>): Database {
  return {
    kind: 'pglite',
    query: async (text, params) => (await pglite.query(text, params as unknown[])).rows as never,
    exec: async (script) => void (await pglite.exec(script)),
    transaction: (work) =>
      pglite.transaction((tx) =>
        work({
          query: async (text, params) => (await tx.query(text, params as unknown[])).rows as never,
          exec: async (script) => void (await tx.exec(script)),
        }),
      ),
    close: () => pglite.close(),
  };
}

async function onServer(url: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** Makes the three templates on the backend this run uses; returns the teardown that removes them. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = performance.now();
  const url = process.env.DATABASE_URL;
  let templates: Templates;
  let remove: () => Promise<void>;
  if (!url) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-templates-'));
    const files = {
      none: path.join(dir, 'none.tar'),
      accounts: path.join(dir, 'accounts.tar'),
      demo: path.join(dir, 'demo.tar'),
    };
    const pglite = await createPglite(undefined);
    const db = pgliteDatabase(pglite);
    const dump = async (file: string) =>
      fs.writeFileSync(file, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
    try {
      await migrate(db);
      await dump(files.none);
      await seedDemoAccounts(db);
      await dump(files.accounts);
      // What seedDemo() writes on an empty database: the accounts above, then the bank's data.
      await seedDemoData(db);
      await dump(files.demo);
    } finally {
      await db.close();
    }
    templates = { backend: 'pglite', files };
    remove = async () => fs.rmSync(dir, { recursive: true, force: true });
  } else {
    const prefix = `bank_template_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
    const databases = { none: `${prefix}_none`, accounts: `${prefix}_accounts`, demo: `${prefix}_demo` };
    const within = async (name: string, work: (db: Database) => Promise<unknown>) => {
      const target = new URL(url);
      target.pathname = `/${name}`;
      const db = await openPostgres(target.toString(), 4);
      try {
        await work(db);
      } finally {
        // No connection may stay: PostgreSQL copies a template nobody is connected to.
        await db.close();
      }
    };
    remove = async () => {
      for (const name of Object.values(databases)) await onServer(url, `drop database if exists ${name} with (force)`);
    };
    try {
      await onServer(url, `create database ${databases.none}`);
      await within(databases.none, migrate);
      await onServer(url, `create database ${databases.accounts} template ${databases.none}`);
      await within(databases.accounts, seedDemoAccounts);
      await onServer(url, `create database ${databases.demo} template ${databases.accounts}`);
      await within(databases.demo, (db) => seedDemoData(db));
    } catch (error) {
      await remove();
      throw error;
    }
    templates = { backend: 'postgres', server: url, databases };
  }
  project.provide('serverTemplates', templates);
  console.info(
    `server suite: template databases (${templates.backend}) made in ${Math.round(performance.now() - started)} ms`,
  );
  return remove;
}
