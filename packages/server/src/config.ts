// Configuration from the environment: every setting the README's table lists, read once at start.
import fs from 'node:fs';
import path from 'node:path';
import proxyAddr from '@fastify/proxy-addr';
import type { Authority } from '@bank/domain';
import { loadOidcSettings } from './modules/oidc/settings';

export interface Config {
  port: number;
  host: string;
  /** Embedded database directory; ignored when databaseUrl is set. */
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * The role that owns the schema: migrations, backups and restores connect as it, and the server's own
   * role (databaseUrl) gets only the rights it needs; unset, databaseUrl's role does everything (development).
   */
  migrationDatabaseUrl: string | undefined;
  /** Token signing secret, from JWT_SECRET or the systemd credential of that name; required under prod. */
  jwtSecret: string | undefined;
  mailUrl: string | undefined;
  profiles: string[];
  ebankingUrl: string;
  logLevel: string;
  /** 'demo' fills an empty database with demo data; 'none' leaves it empty. */
  seed: 'demo' | 'none';
  /** Built web app to serve; absent in API-only tests. */
  webDist: string | undefined;
  /** Base of the links in account e-mails (activation, password reset), without a trailing slash. */
  publicUrl: string;
  /** Sender of account e-mails. */
  mailFrom: string;
  /** Requests per minute and per client IP; 0 turns the limit off. */
  rateLimitAuthenticate: number;
  rateLimitRegister: number;
  rateLimitResetPassword: number;
  /** Free bytes under which the data directory's disk is reported DOWN. */
  diskSpaceThreshold: number;
  /**
   * Behind a TLS-terminating proxy: trust X-Forwarded-* headers (from any peer, or only from the listed
   * addresses and CIDR ranges) and send HSTS.
   */
  trustProxy: boolean | string[];
  /** Open connections one client address may hold (a trusted proxy's are not counted); 0 lifts the cap. */
  connectionsPerAddress: number;
  /** Amount in XOF from which a transfer or cash provision needs two validations; 0 turns the rule off. */
  fourEyesThresholdXof: number;
  /** Roles of which one of a large request's two validators must hold one (where such a role decides it). */
  fourEyesSeniorRoles: string[];
  /** Seconds between two looks for validated transfers and provisions whose execution date has come. */
  duePostingSeconds: number;
  /** Minutes between two anchors of the evidence chains' heads in DATA_DIR and the log; 0: none. */
  evidenceAnchorMinutes: number;
  /**
   * Records staff reads of client data (access_log). Off only to measure what recording costs
   * (`npm run bench`); refused under the prod profile.
   */
  accessLog: boolean;
  /** The most rows a list export writes; a filter matching more is refused (engine/export.ts). */
  exportMaxRows: number;
  /** This instance's name behind a load balancer, sent in X-Instance-Id; unset, no header is sent. */
  instanceId: string | undefined;
  /**
   * On SIGTERM/SIGINT, seconds the instance keeps serving while management/health answers DOWN, so that a
   * load balancer takes it out before it closes its connections; 0 stops at once.
   */
  shutdownDrainSeconds: number;
  /** A staff session unused for this long ends (PCI DSS 8.2.8: 15 minutes at most). */
  sessionIdleMinutes: number;
  /** A staff session ends this long after its sign-in, however much it is used. */
  sessionMaxHours: number;
  /** Open sessions one login may hold; a sign-in past it ends the oldest. */
  sessionsPerUser: number;
  /** Key of the second factors' secrets at rest (base64, 256 bits), as JWT_SECRET is read; required under prod. */
  mfaEncryptionKey: string | undefined;
  /** Backups are encrypted with this key (base64, 256 bits) when set, as JWT_SECRET is read. */
  backupKey: string | undefined;
  /** Roles that must enrol a second factor before anything else. */
  mfaRequiredRoles: string[];
  /** The bank's directory (OpenID Connect issuer); unset, sign-in through the directory is off (its routes 404). */
  oidcIssuerUrl: string | undefined;
  /** This application's client at the directory; both required when the issuer is set. */
  oidcClientId: string | undefined;
  oidcClientSecret: string | undefined;
  /** Claim (ID token or userinfo) that lists the user's directory groups. */
  oidcRolesClaim: string;
  /** Directory group → the bank roles it gives (OIDC_ROLE_MAP `group=ROLE_X,...`); unmapped groups give none. */
  oidcRoleMap: Record<string, Authority[]>;
  /** Text of the sign-in page's button: "Se connecter avec {label}". */
  oidcLabel: string;
  /** A request waiting longer than this many hours is past its service level on the home page's queues. */
  queueSlaHours: number;
}

/** The environment variable behind each setting (null: not settable), for management/configprops. */
export const CONFIG_ENV = {
  port: 'PORT',
  host: 'HOST',
  dataDir: 'DATA_DIR',
  databaseUrl: 'DATABASE_URL',
  migrationDatabaseUrl: 'MIGRATION_DATABASE_URL',
  jwtSecret: 'JWT_SECRET',
  mailUrl: 'MAIL_URL',
  profiles: 'PROFILES',
  ebankingUrl: 'EBANKING_URL',
  logLevel: 'LOG_LEVEL',
  seed: 'SEED',
  webDist: null,
  publicUrl: 'PUBLIC_URL',
  mailFrom: 'MAIL_FROM',
  rateLimitAuthenticate: 'RATE_LIMIT_AUTHENTICATE',
  rateLimitRegister: 'RATE_LIMIT_REGISTER',
  rateLimitResetPassword: 'RATE_LIMIT_RESET_PASSWORD',
  diskSpaceThreshold: 'HEALTH_DISK_THRESHOLD',
  trustProxy: 'TRUST_PROXY',
  connectionsPerAddress: 'CONNECTIONS_PER_ADDRESS',
  fourEyesThresholdXof: 'FOUR_EYES_THRESHOLD_XOF',
  fourEyesSeniorRoles: 'FOUR_EYES_SENIOR_ROLES',
  duePostingSeconds: 'DUE_POSTING_SECONDS',
  evidenceAnchorMinutes: 'EVIDENCE_ANCHOR_MINUTES',
  accessLog: 'ACCESS_LOG',
  exportMaxRows: 'EXPORT_MAX_ROWS',
  instanceId: 'INSTANCE_ID',
  shutdownDrainSeconds: 'SHUTDOWN_DRAIN_SECONDS',
  sessionIdleMinutes: 'SESSION_IDLE_MINUTES',
  sessionMaxHours: 'SESSION_MAX_HOURS',
  sessionsPerUser: 'SESSIONS_PER_USER',
  mfaEncryptionKey: 'MFA_ENCRYPTION_KEY',
  backupKey: 'BACKUP_KEY',
  mfaRequiredRoles: 'MFA_REQUIRED_ROLES',
  oidcIssuerUrl: 'OIDC_ISSUER_URL',
  oidcClientId: 'OIDC_CLIENT_ID',
  oidcClientSecret: 'OIDC_CLIENT_SECRET',
  oidcRolesClaim: 'OIDC_ROLES_CLAIM',
  oidcRoleMap: 'OIDC_ROLE_MAP',
  oidcLabel: 'OIDC_LABEL',
  queueSlaHours: 'QUEUE_SLA_HOURS',
} as const satisfies Record<keyof Config, string | null>;

const repoRoot = path.resolve(import.meta.dirname, '../../..');

function wholeNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${text}"`);
  return value;
}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = wholeNumber(env, name, fallback);
  if (value === 0) throw new Error(`${name} must be at least 1, got "${env[name]}"`);
  return value;
}

/** TRUST_PROXY: off, `true` (any peer), or the proxies' addresses and CIDR ranges, comma-separated. */
function trustProxyOf(env: NodeJS.ProcessEnv): boolean | string[] {
  const text = (env.TRUST_PROXY ?? '').trim();
  if (['', 'false', '0', 'no'].includes(text.toLowerCase())) return false;
  if (['true', '1', 'yes'].includes(text.toLowerCase())) return true;
  const proxies = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  try {
    proxyAddr.compile(proxies);
  } catch (error) {
    throw new Error(`TRUST_PROXY must be true or a list of addresses and CIDR ranges: ${(error as Error).message}`);
  }
  return proxies;
}

function publicUrlOf(env: NodeJS.ProcessEnv, host: string, port: number): string {
  // A wildcard listen address is not a place a browser can go to.
  const linkHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  const url = env.PUBLIC_URL || `http://${linkHost}:${port}`;
  if (!URL.canParse(url) || !/^https?:/.test(url)) throw new Error(`PUBLIC_URL must be an http(s) URL, got "${url}"`);
  return url.replace(/\/+$/, '');
}

/**
 * A secret from the environment, else from systemd's credentials (`LoadCredential=NAME:…` puts it in
 * `$CREDENTIALS_DIRECTORY/NAME`, readable by the service alone and never in its environment).
 */
function secretOf(env: NodeJS.ProcessEnv, name: string): string | undefined {
  if (env[name]) return env[name];
  const dir = env.CREDENTIALS_DIRECTORY;
  const file = dir ? path.join(dir, name) : undefined;
  return file && fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim() || undefined : undefined;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  }
  const seed = env.SEED ?? 'demo';
  if (seed !== 'demo' && seed !== 'none') throw new Error(`SEED must be demo or none, got "${seed}"`);
  const host = env.HOST ?? '127.0.0.1';
  const accessLog = env.ACCESS_LOG || 'on';
  if (accessLog !== 'on' && accessLog !== 'off') throw new Error(`ACCESS_LOG must be on or off, got "${accessLog}"`);
  const profiles = (env.PROFILES ?? 'dev')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (accessLog === 'off' && profiles.includes('prod'))
    throw new Error('ACCESS_LOG=off is refused under the prod profile');
  return {
    port,
    host,
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    migrationDatabaseUrl: env.MIGRATION_DATABASE_URL || undefined,
    jwtSecret: secretOf(env, 'JWT_SECRET'),
    mailUrl: env.MAIL_URL || undefined,
    profiles,
    ebankingUrl: env.EBANKING_URL ?? 'http://127.0.0.1:8080/',
    logLevel: env.LOG_LEVEL ?? 'info',
    seed,
    webDist: path.join(repoRoot, 'packages/web/dist'),
    publicUrl: publicUrlOf(env, host, port),
    mailFrom: env.MAIL_FROM || 'Banque <no-reply@banque.sn>',
    rateLimitAuthenticate: wholeNumber(env, 'RATE_LIMIT_AUTHENTICATE', 60),
    rateLimitRegister: wholeNumber(env, 'RATE_LIMIT_REGISTER', 10),
    rateLimitResetPassword: wholeNumber(env, 'RATE_LIMIT_RESET_PASSWORD', 10),
    diskSpaceThreshold: wholeNumber(env, 'HEALTH_DISK_THRESHOLD', 10 * 1024 * 1024),
    trustProxy: trustProxyOf(env),
    connectionsPerAddress: wholeNumber(env, 'CONNECTIONS_PER_ADDRESS', 100),
    fourEyesThresholdXof: wholeNumber(env, 'FOUR_EYES_THRESHOLD_XOF', 1_000_000),
    fourEyesSeniorRoles: (env.FOUR_EYES_SENIOR_ROLES ?? 'ROLE_MANAGER,ROLE_RESPONSABLE_DESK')
      .split(',')
      .map((role) => role.trim())
      .filter(Boolean),
    duePostingSeconds: positive(env, 'DUE_POSTING_SECONDS', 30),
    evidenceAnchorMinutes: wholeNumber(env, 'EVIDENCE_ANCHOR_MINUTES', 10),
    accessLog: accessLog === 'on',
    exportMaxRows: positive(env, 'EXPORT_MAX_ROWS', 100_000),
    instanceId: env.INSTANCE_ID || undefined,
    shutdownDrainSeconds: wholeNumber(env, 'SHUTDOWN_DRAIN_SECONDS', 0),
    sessionIdleMinutes: positive(env, 'SESSION_IDLE_MINUTES', 15),
    sessionMaxHours: positive(env, 'SESSION_MAX_HOURS', 12),
    sessionsPerUser: positive(env, 'SESSIONS_PER_USER', 5),
    mfaEncryptionKey: secretOf(env, 'MFA_ENCRYPTION_KEY'),
    backupKey: secretOf(env, 'BACKUP_KEY'),
    // Under prod, administrators need a second factor; under dev a newcomer's demo admin needs none.
    mfaRequiredRoles: (env.MFA_REQUIRED_ROLES ?? (profiles.includes('prod') ? 'ROLE_ADMIN' : ''))
      .split(',')
      .map((role) => role.trim())
      .filter(Boolean),
    ...loadOidcSettings(env),
    queueSlaHours: positive(env, 'QUEUE_SLA_HOURS', 24),
  };
}

/** The address migrations, seeds, backups and restores use: the schema owner's, else the server's own. */
export const ownerDatabaseUrl = (config: Pick<Config, 'databaseUrl' | 'migrationDatabaseUrl'>) =>
  config.databaseUrl ? (config.migrationDatabaseUrl ?? config.databaseUrl) : undefined;

export function isProduction(config: Config): boolean {
  return config.profiles.includes('prod');
}
