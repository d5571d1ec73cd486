// The server's two keys (token signing, second factors at rest), which never live with the data: from
// the environment or systemd credentials, required under prod; in development generated once into a
// file of mode 0600 (docs/production.md, "Keys"). Databases that kept them in app_setting give them up.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Config, isProduction } from '../config';
import type { Database } from '../db/database';

export interface ServerKeys {
  jwtSecret: Uint8Array;
  mfaKey: Uint8Array;
}

/** The development keys file's name in DATA_DIR; backups leave it out. */
export const KEYS_FILE = 'keys.json';

/** Where app_setting kept them before (migration 0032 moves them out). */
const STORED = { jwtSecret: 'jwt.secret', mfaKey: 'mfa.key' } as const;
const REQUIRED = { jwtSecret: 'JWT_SECRET', mfaKey: 'MFA_ENCRYPTION_KEY' } as const;

type Stored = Partial<Record<keyof ServerKeys, string>>;

/** A configured key: base64 of 32 bytes or more, else the text itself (JWT_SECRET as a passphrase). */
export function decodeKey(configured: string): Uint8Array {
  const decoded = /^[A-Za-z0-9+/]+={0,2}$/.test(configured) ? Buffer.from(configured, 'base64') : null;
  return new Uint8Array(decoded && decoded.length >= 32 ? decoded : Buffer.from(configured, 'utf8'));
}

export class MissingKeysError extends Error {
  constructor(readonly missing: string[]) {
    super(
      `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing: under PROFILES=prod the server's keys ` +
        `come from the environment or from systemd credentials (LoadCredential=${missing[0]}:/path, read from ` +
        `$CREDENTIALS_DIRECTORY/${missing[0]}), never from the database. See docs/production.md.`,
    );
  }
}

/** Under prod, throws MissingKeysError naming the keys neither the environment nor a credential gives. */
export function checkProductionKeys(config: Config): void {
  const missing = (Object.keys(REQUIRED) as (keyof ServerKeys)[]).filter((name) => !configuredOf(config)[name]);
  if (missing.length > 0 && isProduction(config)) throw new MissingKeysError(missing.map((name) => REQUIRED[name]));
}

const configuredOf = (config: Config): Stored => ({ jwtSecret: config.jwtSecret, mfaKey: config.mfaEncryptionKey });

/**
 * The development keys file: DATA_DIR/keys.json on the embedded database; on PostgreSQL, whose data is
 * elsewhere, a file named after the database in DATA_DIR too, so that two databases keep their own keys.
 */
export function devKeysFile(config: Pick<Config, 'dataDir' | 'databaseUrl'>): string {
  if (!config.databaseUrl) return path.join(config.dataDir, KEYS_FILE);
  const url = new URL(config.databaseUrl);
  const name = `${url.hostname}-${url.port || 5432}-${decodeURIComponent(url.pathname.slice(1)) || 'default'}`;
  return path.join(config.dataDir, `keys-${name.replace(/[^A-Za-z0-9._-]/g, '_')}.json`);
}

const readFile = (file: string): Stored =>
  fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Stored) : {};

/**
 * Writes the keys file: aside, then linked in place only if there is none yet (instances starting together
 * over one database keep the first one's keys) or renamed over an incomplete one. A crash never leaves
 * half a file.
 */
function writeFile(file: string, keys: Stored, replace: boolean): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(partial, 0o600);
  try {
    if (replace) fs.renameSync(partial, file);
    else fs.linkSync(partial, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

async function storedInDatabase(db: Database): Promise<Stored> {
  const rows = await db.query<{ key: string; value: string }>(
    `select key, value from app_setting where key in ($1, $2)`,
    [STORED.jwtSecret, STORED.mfaKey],
  );
  const value = (key: string) => rows.find((row) => row.key === key)?.value;
  return { jwtSecret: value(STORED.jwtSecret), mfaKey: value(STORED.mfaKey) };
}

/**
 * The server's keys. Configured ones win; under prod a missing one is a MissingKeysError; in development a
 * missing one comes from the keys file, generated there once. Keys an older release kept in app_setting are
 * taken over into that file (they are the ones the data's tokens and second factors need) and deleted from
 * the table. Returns the keys and what was done, for the log.
 */
export async function loadServerKeys(
  config: Config,
  db: Database,
): Promise<{ keys: ServerKeys; file?: string; movedOut: string[] }> {
  checkProductionKeys(config);
  const configured = configuredOf(config);
  const names = Object.keys(REQUIRED) as (keyof ServerKeys)[];
  const missing = names.filter((name) => !configured[name]);
  const stored = await storedInDatabase(db);
  const mfaEnrolled = (await db.query(`select 1 from user_mfa limit 1`)).length > 0;
  // Second factors encrypted under the stored key would be lost under another one.
  if (stored.mfaKey && configured.mfaKey && stored.mfaKey !== configured.mfaKey && mfaEnrolled)
    throw new Error(
      `app_setting holds the key (mfa.key) that encrypted the second factors, and MFA_ENCRYPTION_KEY is another: ` +
        `set MFA_ENCRYPTION_KEY to the stored one (select value from app_setting where key = 'mfa.key'), then start again.`,
    );
  const file = missing.length > 0 ? devKeysFile(config) : undefined;
  let kept: Stored = {};
  if (file) {
    kept = readFile(file);
    // The stored keys are the ones the data's tokens and second factors need.
    const wanted = Object.fromEntries(
      missing.map((name) => [
        name,
        stored[name] ?? kept[name] ?? crypto.randomBytes(name === 'jwtSecret' ? 64 : 32).toString('base64'),
      ]),
    );
    if (missing.some((name) => wanted[name] !== kept[name]))
      writeFile(file, { ...kept, ...wanted }, Object.keys(kept).length > 0);
    kept = readFile(file);
  }
  const resolved: Stored = Object.fromEntries(names.map((name) => [name, configured[name] ?? kept[name]]));
  const movedOut = names.filter((name) => stored[name] !== undefined).map((name) => STORED[name]);
  if (movedOut.length > 0) await db.query(`delete from app_setting where key = any($1)`, [movedOut]);
  return {
    keys: { jwtSecret: decodeKey(resolved.jwtSecret!), mfaKey: decodeKey(resolved.mfaKey!) },
    ...(file ? { file } : {}),
    movedOut,
  };
}
