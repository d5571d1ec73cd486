// Every API route (app.accessRules) fuzzed with fast-check: bad bodies, path ids, query strings, content
// types and 10 MB bodies get a 4xx problem+json, never a 5xx or internals, and leave the database as it was.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO_ACCOUNTS,
  ENTITIES,
  entityAccess,
  entityBodySchema,
  fieldWrite,
  hasAnyAuthority,
  type Entity,
} from '@bank/domain';
import type { AccessRule } from '../src/plugins/auth';
import { EntityService } from '../src/engine/entity-service';
import { SAMPLE } from '../src/seed/samples';
import { SERVER, bearer, startTestApp, type TestApp } from './helper';
import { fund } from './ledger-fixtures';
import { loadOidcSettings } from '../src/modules/oidc/settings';
import { startDirectory, type TestDirectory } from './oidc-provider';
import { TOUCHED_BY_REFUSALS, differences, snapshot } from './db-snapshot';
import {
  WRONG_CONTENT_TYPES,
  badListQuery,
  decodeSafe,
  badObject,
  baseFor,
  encode,
  fromOpenApi,
  malformedJson,
  notANumber,
  queryString,
  trickyQuery,
  trickyText,
  type Schema,
} from './fuzz-cases';

const RUNS = Number(process.env.FUZZ_RUNS ?? 8);
const SEED = Number(process.env.FUZZ_SEED ?? 20260101);
/** Internals that an error body must never show: stack frames, SQL, library names. */
const LEAK =
  /at .*\.(ts|js):\d+|select |insert |update .* set|delete from|fastify|postgres|pglite|node_modules|\bv?\d+\.\d+\.\d+\b/i;
/** Path segments sent as they are: malformed %-escapes, and segments longer than the router accepts. */
const RAW_SEGMENTS = ['%', '%zz', '%E0%A4%A', '%c3%28x', 'a'.repeat(150), '1'.repeat(101)];
const TEN_MB = Buffer.from(`{"name":"${'x'.repeat(10 * 1024 * 1024)}"}`);

let t: TestApp;
// Sign-in through a directory is on, so that its routes are fuzzed as they answer in use rather than 404.
let directory: TestDirectory;
let jwtSecret: string;
const tokens = new Map<string, Record<string, string>>();
const fixtures = new Map<string, number>();
let counter = 1;

interface Case {
  label: string;
  /** Replacement values of path parameters, percent-encoded when sent unless `raw`. */
  path?: Record<string, string>;
  raw?: boolean;
  query?: string;
  contentType?: string | undefined;
  payload?: string | Buffer;
  /** The input breaks a rule of the route: the answer must be 4xx. Otherwise anything but 5xx. */
  strict: boolean;
}

interface Plan {
  rule: AccessRule;
  headers: Record<string, string>;
  params: Array<{ name: string; numeric: boolean; value: string }>;
  entity: Entity | undefined;
  body?: { schema: Schema; base: unknown; refs: Set<string> } | 'none' | 'text';
  list: boolean;
}

async function fixture(entityName: string, fresh = false): Promise<number> {
  const known = fixtures.get(entityName);
  if (known && !fresh) return known;
  const entity = ENTITIES.find((e) => e.name === entityName)!;
  // History and security records are the server's own: written through the engine, as the server does.
  if (entityAccess(entity.name, 'create').length === 0) {
    const { id } = await new EntityService(entity, t.db).create(await sampleBody(entity), SERVER);
    if (!fresh) fixtures.set(entityName, id);
    return id;
  }
  const response = await t.app.inject({
    method: 'POST',
    url: entity.path,
    headers: tokens.get('manager')!,
    // Transfers and provisions filed on an account hold their amounts: it is open and has money to hold.
    payload: {
      ...(await sampleBody(entity)),
      ...(entityName === 'bankAccount' ? { bankAccountStatus: 'OPENED' } : {}),
    },
  });
  if (response.statusCode !== 201) throw new Error(`fixture ${entityName}: ${response.body}`);
  if (entityName === 'bankAccount') await fund(t.db, response.json().id, 1_000_000_000_000n);
  if (!fresh) fixtures.set(entityName, response.json().id);
  return response.json().id;
}

async function sampleBody(entity: Entity): Promise<Record<string, unknown>> {
  const body: Record<string, unknown> = {};
  const n = counter++;
  for (const field of entity.fields) {
    if (fieldWrite(entity, field, 'create') === 'server') continue;
    const refId = field.ref ? await fixture(field.ref, field.unique) : undefined;
    body[field.name] = SAMPLE[field.kind](field, n, refId);
  }
  return body;
}

/** The entity whose generic or module route this is (longest matching path), for its fields and fixtures. */
function entityOf(url: string): Entity | undefined {
  const candidates = ENTITIES.filter((e) =>
    [e.path, `/${e.apiBase}/_search/${e.resource}`].some((p) => url === p || url.startsWith(`${p}/`)),
  );
  return candidates.sort((a, b) => b.path.length - a.path.length)[0];
}

function callerFor(access: AccessRule['access']): Record<string, string> {
  if (access === 'public') return {};
  const accounts = [...DEMO_ACCOUNTS.filter((a) => a.login === 'admin'), ...DEMO_ACCOUNTS];
  const account = accounts.find((a) => access.length === 0 || hasAnyAuthority(a.authorities, access))!;
  return tokens.get(account.login)!;
}

type OpenApiOperation = {
  parameters?: Array<{ in: string; name: string; schema: Schema }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
};

async function planOf(rule: AccessRule, operation: OpenApiOperation | undefined): Promise<Plan> {
  const entity = entityOf(rule.url);
  const params = (rule.url.match(/:\w+/g) ?? []).map((p) => {
    const name = p.slice(1);
    const numeric = operation?.parameters?.find((x) => x.in === 'path' && x.name === name)?.schema.type === 'integer';
    const refEntity = { clientId: 'client', serenityUserId: 'serenityUser' }[name] ?? entity?.name;
    // Ending a user's sessions would end the fuzz's own: that route names a login nobody holds.
    const login = rule.url.endsWith('/sessions') ? 'nobody' : 'admin';
    const value = { login, status: 'PENDING' }[name] ?? String(fixtures.get(refEntity ?? '') ?? 1);
    return { name, numeric, value };
  });
  // Signing out ends the caller's session: that route gets a session of its own, not the shared one.
  const headers = rule.url === '/api/logout' ? bearer(await t.signIn('manager')) : callerFor(rule.access);
  const plan: Plan = { rule, headers, params, entity, list: false };
  const bodySchema = operation?.requestBody?.content['application/json']?.schema;
  // A DELETE takes a body only where it declares one (removing a second factor asks for a code).
  if (rule.method === 'GET' || (rule.method === 'DELETE' && !bodySchema)) return plan;
  const isEntityRoute = entity && (rule.url === entity.path || rule.url === `${entity.path}/:id`);
  if (isEntityRoute) {
    const schema = entityBodySchema(entity, rule.method === 'PUT' ? 'update' : 'create') as Schema;
    const refs = new Set(entity.fields.filter((f) => f.kind === 'ref').map((f) => f.name));
    let base: unknown;
    if (rule.method === 'PUT') {
      // The row as the API shows it (joined fields included): the body a client sends back.
      const row = await t.app.inject({ url: `${entity.path}/${fixtures.get(entity.name)}`, headers: plan.headers });
      if (row.statusCode !== 200) throw new Error(`base of ${rule.url}: ${row.statusCode}`);
      base = row.json();
    } else {
      base = await sampleBody(entity);
    }
    plan.body = { schema, base, refs };
  } else if (bodySchema && fromOpenApi(bodySchema).properties) {
    const schema = fromOpenApi(bodySchema);
    plan.body = { schema, base: baseFor(schema), refs: new Set() };
  } else {
    plan.body = bodySchema ? 'text' : 'none';
  }
  return plan;
}

function caseArbitrary(plan: Plan): fc.Arbitrary<Case> {
  const arbs: Array<fc.WeightedArbitrary<Case>> = [];
  for (const param of plan.params) {
    const value = param.numeric
      ? notANumber
      : fc.oneof(
          notANumber,
          trickyText.filter((s) => s !== ''),
        );
    arbs.push({
      weight: 1,
      arbitrary: fc.oneof(
        value.map((v) => ({ label: `path ${param.name}`, path: { [param.name]: v }, strict: param.numeric })),
        fc
          .constantFrom(...RAW_SEGMENTS)
          .map((v) => ({ label: `raw path ${param.name}`, path: { [param.name]: v }, raw: true, strict: true })),
      ),
    });
  }
  const fields = plan.entity?.fields ?? [];
  if (plan.rule.method === 'GET') {
    arbs.push({
      weight: 3,
      arbitrary: trickyQuery(fields).map((q) => ({ label: 'tricky query', query: queryString(q), strict: false })),
    });
    if (plan.list)
      arbs.push({
        weight: 4,
        arbitrary: badListQuery(plan.entity).map((q) => ({
          label: 'bad list query',
          query: queryString(q),
          strict: true,
        })),
      });
  }
  const body = plan.body;
  if (body !== undefined) {
    const base = typeof body === 'object' ? body.base : 'texte';
    const json = (label: string, strict: boolean) => (payload: string) => ({
      label,
      payload,
      contentType: 'application/json',
      strict,
    });
    arbs.push({ weight: 2, arbitrary: malformedJson(base).map(json('malformed json', true)) });
    arbs.push({
      weight: 1,
      arbitrary: fc.constantFrom(...WRONG_CONTENT_TYPES).map((contentType) => ({
        label: `content type ${contentType}`,
        payload: Buffer.from(JSON.stringify(base)),
        contentType,
        strict: true,
      })),
    });
    if (typeof body === 'object') {
      const bad = fc.oneof(...badObject(body.schema, body.base, body.refs));
      arbs.push({ weight: 8, arbitrary: bad.map((v) => json('bad body', true)(JSON.stringify(v))) });
    }
  }
  return fc.oneof(...arbs);
}

function urlOf(plan: Plan, c: Case): string {
  const path = plan.rule.url.replace(/:(\w+)/g, (_m, name: string) => {
    const value = c.path?.[name];
    return value !== undefined && c.raw ? value : encode(value ?? plan.params.find((p) => p.name === name)!.value);
  });
  return c.query ? `${path}?${c.query}` : path;
}

/** What is wrong with the answer to `c`, or undefined. */
async function verdict(plan: Plan, c: Case): Promise<string | undefined> {
  const headers: Record<string, string> = { ...plan.headers };
  if (c.contentType) headers['content-type'] = c.contentType;
  const response = await t.app.inject({
    method: plan.rule.method as 'GET',
    url: urlOf(plan, c),
    headers,
    payload: c.payload,
  });
  const { statusCode: status, body } = response;
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  if (status >= 500) return `${status} ${body.slice(0, 300)}`;
  if (c.strict && status < 400) return `${status}: accepted (${body.slice(0, 120)})`;
  if (body.includes(jwtSecret)) return 'the JWT secret is in the answer';
  if (status < 400) return undefined;
  if (!String(response.headers['content-type']).startsWith('application/problem+json'))
    return `${status} not problem+json`;
  const problem = response.json<{ status?: number; message?: string }>();
  if (problem.status !== status || !problem.message) return `${status} problem without status or message: ${body}`;
  // Details may echo the input (`Cannot sort by "…"`): only the rest must be free of internals.
  const echoes = [
    ...[...new URLSearchParams(c.query ?? '')].flat(),
    ...(c.query ?? '').split(/[&=]/).map(decodeSafe),
    ...Object.values(c.path ?? {}),
  ];
  const scrubbed = echoes
    .filter(Boolean)
    .reduce((text, e) => text.split(JSON.stringify(e).slice(1, -1)).join(''), body);
  if (LEAK.test(scrubbed)) return `${status} shows internals: ${body.slice(0, 300)}`;
  return undefined;
}

const statuses = new Map<number, number>();

beforeAll(async () => {
  directory = await startDirectory(['http://127.0.0.1:8080/login/oauth2/code/oidc']);
  t = await startTestApp({
    config: {
      rateLimitAuthenticate: 0,
      rateLimitRegister: 0,
      rateLimitResetPassword: 0,
      profiles: ['dev', 'swagger'],
      ...loadOidcSettings(directory.env),
    },
  });
  for (const account of DEMO_ACCOUNTS) tokens.set(account.login, bearer(await t.tokenFor(account.login)));
  for (const entity of ENTITIES) await fixture(entity.name);
  // Branch names with LIKE metacharacters, quotes and accents for the literal-match property.
  for (const name of ['ab%cd', 'ab_cd', 'abXcd', "o'brien", 'back\\slash', '100% sûr', 'a_b%c\\d', 'Ndèye', 'NDEYE']) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/core/api/branches',
      headers: tokens.get('admin')!,
      payload: { name },
    });
    expect(response.statusCode).toBe(201);
  }
  jwtSecret = Buffer.from(t.keys.jwtSecret).toString('base64');
}, 120_000);
afterAll(async () => {
  await t.close();
  await directory.close();
});

describe('bad input on every route', () => {
  it('answers 4xx problem+json, never 5xx, and changes nothing in the database', async () => {
    await t.app.ready();
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> }).paths;
    // Planning creates the rows that valid bases link to: all of it before the first checksum.
    const plans: Plan[] = [];
    // Event streams take no input but the token (their refusals are in the matrix and events suites).
    for (const rule of t.app.accessRules.filter((r) => !r.stream)) {
      const plan = await planOf(rule, paths[rule.url.replace(/:(\w+)/g, '{$1}')]?.[rule.method.toLowerCase()]);
      plans.push(plan);
      if (rule.method === 'GET') {
        const plain = await t.app.inject({
          url: urlOf(plan, { label: 'plain', strict: false }),
          headers: plan.headers,
        });
        // A paged list answers with a Link header; unpaged ones (`nopagination`) ignore paging.
        plan.list = plain.headers.link !== undefined;
      }
    }
    const before = await snapshot(t.db);
    const failures: string[] = [];
    const tried: number[] = [];
    for (const [index, plan] of plans.entries()) {
      const rule = plan.rule;
      let count = 0;
      const fixed: Case[] =
        plan.body === undefined
          ? []
          : [
              { label: '10 MB body', payload: TEN_MB, contentType: 'application/json', strict: true },
              { label: 'empty JSON body', payload: '', contentType: 'application/json', strict: true },
            ];
      for (const c of fixed) {
        count++;
        const problem = await verdict(plan, c);
        if (problem) failures.push(`${rule.method} ${rule.url} [${c.label}]: ${problem}`);
      }
      const result = await fc.check(
        fc.asyncProperty(caseArbitrary(plan), async (c) => {
          count++;
          const problem = await verdict(plan, c);
          if (problem) throw new Error(`[${c.label}] ${problem}`);
        }),
        { numRuns: RUNS, seed: SEED + index },
      );
      if (result.failed) {
        const example = JSON.stringify(result.counterexample?.[0]).slice(0, 3000);
        failures.push(`${rule.method} ${rule.url}: ${(result.errorInstance as Error).message} — input ${example}`);
      }
      tried.push(count);
    }
    const after = await snapshot(t.db);
    const total = tried.reduce((a, b) => a + b, 0);
    console.info(
      `bad input: ${tried.length} routes fuzzed, ${total} bad inputs (${Math.min(...tried)}–${Math.max(...tried)} per route, ` +
        `${RUNS} generated + fixed cases, seed ${SEED}); answers ${JSON.stringify(Object.fromEntries([...statuses].sort()))}; ` +
        `${before.size} tables compared, ${TOUCHED_BY_REFUSALS.join(', ')} skipped`,
    );
    expect(failures).toEqual([]);
    expect(differences(before, after)).toEqual([]);
    expect(tried.length).toBe(t.app.accessRules.filter((r) => !r.stream).length);
  }, 300_000);

  const V = 'error.validation';
  it.each([
    ['NUL in a body', 'POST', '/core/api/branches', { name: 'a\u0000b' }, 400, V],
    ['NUL in a criterion', 'GET', '/core/api/branches?name.contains=a%00b', undefined, 400, V],
    ['NUL in a path', 'DELETE', '/api/users/a%00b', undefined, 400, V],
    ['an instant beyond 9999', 'GET', '/core/api/card-orders?createdAt.in=9999-12-31T23:59-23:59', undefined, 400, V],
    ['a hexadecimal id', 'GET', '/core/api/branches/0x1', undefined, 400, V],
    ['an exponent id', 'DELETE', '/core/api/branches/1e0', undefined, 400, V],
    [
      'a path segment over 100 characters',
      'GET',
      `/core/api/branches/${'1'.repeat(101)}`,
      undefined,
      414,
      'error.http.414',
    ],
    ['a malformed %-escape', 'GET', '/core/api/branches/%zz', undefined, 400, 'error.http.400'],
  ] as const)(
    'answers %s with a problem (found by this fuzz)',
    async (_what, method, url, payload, status, message) => {
      const response = await t.app.inject({ method, url, headers: tokens.get('admin')!, payload });
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json()).toMatchObject({ status, message });
    },
  );

  it('refuses an array where a link id is expected', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/core/api/card-orders',
      headers: tokens.get('manager')!,
      payload: { holderName: 'Lien en tableau', bankAccountId: [fixtures.get('bankAccount')] },
    });
    expect(response.statusCode).toBe(400);
  });

  it('matches LIKE metacharacters in criteria literally, accents and case folded', async () => {
    const all = (await t.app.inject({ url: '/core/api/branches?size=1000', headers: tokens.get('admin')! })).json<
      Array<{ name: string }>
    >();
    const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
    const needle = fc.string({
      unit: fc.constantFrom('%', '_', '\\', "'", 'a', 'b', 'C', 'd', 'X', 'e', 'è'),
      minLength: 1,
      maxLength: 4,
    });
    await fc.assert(
      fc.asyncProperty(needle, async (s) => {
        const response = await t.app.inject({
          url: `/core/api/branches?size=1000&name.contains=${encode(s)}`,
          headers: tokens.get('admin')!,
        });
        expect(response.statusCode).toBe(200);
        const got = response
          .json<Array<{ name: string }>>()
          .map((b) => b.name)
          .sort();
        expect(got).toEqual(
          all
            .map((b) => b.name)
            .filter((n) => fold(n).includes(fold(s)))
            .sort(),
        );
      }),
      { numRuns: Math.max(40, RUNS * 5), seed: SEED },
    );
  });
});
