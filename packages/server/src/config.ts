// Configuration from the environment: every setting the README's table lists, read once at start.
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** Embedded database directory; ignored when databaseUrl is set. */
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  mailUrl: string | undefined;
  profiles: string[];
  ebankingUrl: string;
  logLevel: string;
  /** 'demo' fills an empty database with demo data; 'none' leaves it empty. */
  seed: 'demo' | 'none';
  /** Built web app to serve; absent in API-only tests. */
  webDist: string | undefined;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  }
  const seed = env.SEED ?? 'demo';
  if (seed !== 'demo' && seed !== 'none') throw new Error(`SEED must be demo or none, got "${seed}"`);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    mailUrl: env.MAIL_URL || undefined,
    profiles: (env.PROFILES ?? 'dev')
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
    ebankingUrl: env.EBANKING_URL ?? 'http://127.0.0.1:8080/',
    logLevel: env.LOG_LEVEL ?? 'info',
    seed,
    webDist: path.join(repoRoot, 'packages/web/dist'),
  };
}

export function isProduction(config: Config): boolean {
  return config.profiles.includes('prod');
}
