// management/configprops (every setting of config.ts with the variable behind it) and management/env (the
// process environment), both with every secret masked: see secrets.ts.
import os from 'node:os';
import type { FastifyInstance } from 'fastify';
import { ROUTE_ACCESS } from '@bank/domain';
import { CONFIG_ENV, type Config } from '../../config';
import { collectSecrets, maskValue } from './secrets';

/** Secrets of the configuration and of the environment, masked wherever they appear in either answer. */
function knownSecrets(config: Config): string[] {
  return collectSecrets([...Object.entries(config), ...Object.entries(process.env)]);
}

export function configProperties(config: Config) {
  const secrets = knownSecrets(config);
  return {
    activeProfiles: config.profiles,
    properties: (Object.keys(CONFIG_ENV) as (keyof Config)[]).map((key) => {
      const env = CONFIG_ENV[key];
      return {
        key,
        env,
        source: env !== null && process.env[env] !== undefined ? 'environment' : 'default',
        value: maskValue(key, config[key], secrets),
      };
    }),
  };
}

export function environment(config: Config) {
  const secrets = knownSecrets(config);
  const variables = Object.keys(process.env)
    .sort()
    .map((name) => [name, { value: maskValue(name, process.env[name], secrets) }]);
  const processInfo: Record<string, unknown> = {
    'node.version': process.version,
    platform: process.platform,
    arch: process.arch,
    pid: process.pid,
    hostname: os.hostname(),
    cwd: process.cwd(),
    argv: process.argv,
    execArgv: process.execArgv,
  };
  return {
    activeProfiles: config.profiles,
    propertySources: [
      { name: 'environment', properties: Object.fromEntries(variables) },
      {
        name: 'process',
        properties: Object.fromEntries(
          Object.entries(processInfo).map(([name, value]) => [name, { value: maskValue(name, value, secrets) }]),
        ),
      },
    ],
  };
}

export function registerConfigRoutes(app: FastifyInstance, config: Config): void {
  const access = { access: ROUTE_ACCESS.management };
  app.get('/management/configprops', { config: access }, async () => configProperties(config));
  app.get('/management/env', { config: access }, async () => environment(config));
}
