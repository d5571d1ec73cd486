import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIG_ENV } from '../src/config';
import { MASK, collectSecrets, maskText } from '../src/modules/management/secrets';
import { bearer, startTestApp, type TestApp } from './helper';

/** Secret values planted in the configuration and the environment: none may appear in an answer. */
const SECRETS = {
  jwt: 'jwt-signing-secret-0123456789abcdef0123456789',
  dbPassword: 'Db-Pass-4242',
  mailPassword: 'Mail-Pass-1717',
  apiToken: 'tok_live_99887766',
  pgPassword: 'Pg-Env-Pass-5151',
  urlPassword: 'Url-Pass-3131',
  queryToken: 'Query-Tok-2626',
  privateKey: '-----BEGIN PRIVATE KEY-----MIIEvQIBADANBg',
};

const PLANTED_ENV: Record<string, string> = {
  JWT_SECRET: SECRETS.jwt,
  PAYMENT_API_TOKEN: SECRETS.apiToken,
  PGPASSWORD: SECRETS.pgPassword,
  BACKUP_URL: `https://backup:${SECRETS.urlPassword}@files.example.com/db?token=${SECRETS.queryToken}`,
  SIGNING_PRIVATE_KEY: SECRETS.privateKey,
  // The same password again under an innocent name: known secrets are masked wherever they appear.
  NOTES: `the database password is ${SECRETS.dbPassword}`,
};

let t: TestApp;
let admin: Record<string, string>;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  for (const [name, value] of Object.entries(PLANTED_ENV)) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
  t = await startTestApp({
    config: {
      jwtSecret: SECRETS.jwt,
      databaseUrl: `postgres://bank:${SECRETS.dbPassword}@db.internal:5432/bank`,
      mailUrl: `smtps://mailer:${SECRETS.mailPassword}@smtp.example.com:465`,
      profiles: ['dev', 'swagger'],
    },
  });
  admin = bearer(await t.tokenFor('admin'));
});

afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await t.close();
});

describe('management/configprops', () => {
  it('lists every setting with the variable behind it', async () => {
    const response = await t.app.inject({ url: '/management/configprops', headers: admin });
    expect(response.statusCode).toBe(200);
    const { properties } = response.json();
    expect(properties.map((p: { key: string }) => p.key)).toEqual(Object.keys(CONFIG_ENV));
    expect(properties.find((p: { key: string }) => p.key === 'rateLimitAuthenticate')).toEqual({
      key: 'rateLimitAuthenticate',
      env: 'RATE_LIMIT_AUTHENTICATE',
      source: 'default',
      value: 60,
    });
    expect(properties.find((p: { key: string }) => p.key === 'jwtSecret')).toMatchObject({
      env: 'JWT_SECRET',
      source: 'environment',
      value: MASK,
    });
  });

  it('masks the password of URLs but keeps where they point', async () => {
    const { properties } = (await t.app.inject({ url: '/management/configprops', headers: admin })).json();
    const value = (key: string) => properties.find((p: { key: string }) => p.key === key).value;
    expect(value('databaseUrl')).toBe(`postgres://bank:${MASK}@db.internal:5432/bank`);
    expect(value('mailUrl')).toBe(`smtps://mailer:${MASK}@smtp.example.com:465`);
  });
});

describe('management/env', () => {
  it('shows the environment with secret names, URL passwords and query tokens masked', async () => {
    const response = await t.app.inject({ url: '/management/env', headers: admin });
    expect(response.statusCode).toBe(200);
    const [environment] = response.json().propertySources;
    const value = (name: string) => environment.properties[name]?.value;
    expect(value('PGPASSWORD')).toBe(MASK);
    expect(value('PAYMENT_API_TOKEN')).toBe(MASK);
    expect(value('SIGNING_PRIVATE_KEY')).toBe(MASK);
    expect(value('BACKUP_URL')).toBe(`https://backup:${MASK}@files.example.com/db?token=${MASK}`);
    expect(value('NOTES')).toBe(`the database password is ${MASK}`);
    expect(value('PATH')).toBe(process.env.PATH);
    expect(value('PWD')).toBe(process.env.PWD);
  });
});

describe('no secret leaves the server', () => {
  it.each(['/management/configprops', '/management/env'])('%s contains none of the planted values', async (url) => {
    const body = (await t.app.inject({ url, headers: admin })).body;
    for (const [name, secret] of Object.entries(SECRETS)) expect(body, name).not.toContain(secret);
  });

  it('masks the pieces of text the rules look for', () => {
    const secrets = collectSecrets([
      ['API_TOKEN', 'abcd1234'],
      ['X', 'redis://:R3dis-Pass@cache:6379'],
      ['SHORT_SECRET', 'ab'],
    ]);
    expect(secrets).toEqual(['R3dis-Pass', 'abcd1234']);
    expect(maskText('redis://:R3dis-Pass@cache:6379 and abcd1234', secrets)).toBe(
      `redis://:${MASK}@cache:6379 and ${MASK}`,
    );
    expect(maskText('https://h/x?a=1&api_key=zz9&b=2', [])).toBe(`https://h/x?a=1&api_key=${MASK}&b=2`);
    expect(maskText('postgres://postgres@127.0.0.1:5432/postgres', [])).toBe(
      'postgres://postgres@127.0.0.1:5432/postgres',
    );
  });
});

describe('management/openapi.json with the swagger profile', () => {
  it('serves the OpenAPI 3 document of the API routes to administrators', async () => {
    expect((await t.app.inject({ url: '/management/info' })).json().isSwaggerEnabled).toBe(true);
    const response = await t.app.inject({ url: '/management/openapi.json', headers: admin });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/users',
        '/api/register',
        '/api/authenticate',
        '/management/health',
        '/core/api/clients',
      ]),
    );
    expect(document.paths['/api/register'].post.requestBody.content['application/json'].schema.required).toEqual([
      'login',
      'email',
      'password',
    ]);
    const manager = bearer(await t.tokenFor('manager'));
    expect((await t.app.inject({ url: '/management/openapi.json', headers: manager })).statusCode).toBe(403);
  });
});
