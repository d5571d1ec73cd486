import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { DEMO_ACCOUNTS, ROLES } from '@bank/domain';
import { bearer, startTestApp, type TestApp } from './helper';

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp();
  admin = bearer(await t.tokenFor('admin'));
});
afterAll(() => t.close());

const OTHER_ROLES = DEMO_ACCOUNTS.filter((a) => !a.authorities.includes(ROLES.ADMIN)).map((a) => a.login);

describe('access to the operations endpoints', () => {
  const calls = [
    { method: 'GET', url: '/management/metrics' },
    { method: 'GET', url: '/management/prometheus' },
    { method: 'GET', url: '/management/threaddump' },
    { method: 'GET', url: '/management/configprops' },
    { method: 'GET', url: '/management/env' },
    { method: 'GET', url: '/management/logs' },
    { method: 'PUT', url: '/management/logs', payload: { name: 'mail', level: null } },
    { method: 'GET', url: '/management/audits' },
    { method: 'GET', url: '/api/gateway/routes' },
  ] as const;

  it.each(calls)('$method $url: 200 for ADMIN, 403 for every other role, 401 anonymous', async (call) => {
    expect((await t.app.inject({ ...call, headers: admin })).statusCode).toBe(200);
    for (const login of OTHER_ROLES) {
      const response = await t.app.inject({ ...call, headers: bearer(await t.tokenFor(login)) });
      expect(response.statusCode, login).toBe(403);
    }
    expect((await t.app.inject(call)).statusCode).toBe(401);
  });

  it('keeps the OpenAPI document behind ADMIN, and answers 404 without the swagger profile', async () => {
    expect((await t.app.inject({ url: '/management/openapi.json' })).statusCode).toBe(401);
    const manager = bearer(await t.tokenFor('manager'));
    expect((await t.app.inject({ url: '/management/openapi.json', headers: manager })).statusCode).toBe(403);
    const response = await t.app.inject({ url: '/management/openapi.json', headers: admin });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('error.url.not.found');
    expect((await t.app.inject({ url: '/management/info' })).json().isSwaggerEnabled).toBe(false);
  });
});

describe('management/health', () => {
  it('tells anonymous callers the status only, and administrators every component', async () => {
    const anonymous = await t.app.inject({ url: '/management/health' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ status: 'UP' });
    const manager = await t.app.inject({ url: '/management/health', headers: bearer(await t.tokenFor('manager')) });
    expect(manager.json()).toEqual({ status: 'UP' });

    const full = (await t.app.inject({ url: '/management/health', headers: admin })).json();
    expect(full.status).toBe('UP');
    expect(full.components.db).toMatchObject({ status: 'UP', details: { latencyMs: expect.any(Number) } });
    expect(full.components.mail).toEqual({ status: 'UP', details: { mode: 'outbox' } });
    const disk = full.components.diskSpace;
    expect(disk.status).toBe('UP');
    expect(disk.details.free).toBeGreaterThan(0);
    expect(disk.details.total).toBeGreaterThanOrEqual(disk.details.free);
    expect(disk.details.threshold).toBe(10 * 1024 * 1024);
  });

  it('answers 503 DOWN while the instance drains before stopping, and still serves other calls', async () => {
    t.app.draining = true;
    try {
      const response = await t.app.inject({ url: '/management/health' });
      expect([response.statusCode, response.json()]).toEqual([503, { status: 'DOWN' }]);
      expect((await t.app.inject({ url: '/api/account', headers: admin })).statusCode).toBe(200);
    } finally {
      t.app.draining = false;
    }
  });

  it('answers 503 DOWN when the disk has less free space than the threshold', async () => {
    const full = await startTestApp({ seed: 'none', config: { diskSpaceThreshold: Number.MAX_SAFE_INTEGER } });
    try {
      const response = await full.app.inject({ url: '/management/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'DOWN' });
    } finally {
      await full.close();
    }
  });
});

describe('management/metrics and management/prometheus', () => {
  it('counts requests by route pattern, method and status with mean and max durations', async () => {
    const user = bearer(await t.tokenFor('agentca'));
    for (let i = 0; i < 3; i++) await t.app.inject({ url: '/api/account', headers: user });
    await t.app.inject({ url: '/api/users/agentca', headers: admin });
    await t.app.inject({ url: '/api/users/manager', headers: admin });
    await t.app.inject({ url: '/no/such/page' });

    const metrics = (await t.app.inject({ url: '/management/metrics', headers: admin })).json();
    const find = (method: string, route: string, status: number) =>
      metrics.http.requests.find(
        (r: { method: string; route: string; status: number }) =>
          r.method === method && r.route === route && r.status === status,
      );
    expect(find('GET', '/api/account', 200).count).toBeGreaterThanOrEqual(3);
    expect(find('GET', '/api/users/:login', 200).count).toBeGreaterThanOrEqual(2);
    expect(find('GET', 'UNMATCHED', 404)).toBeDefined();
    const account = find('GET', '/api/account', 200);
    expect(account.maxMs).toBeGreaterThanOrEqual(account.meanMs);
    expect(metrics.http.totalCount).toBeGreaterThanOrEqual(6);

    expect(metrics.process.uptimeSeconds).toBeGreaterThan(0);
    expect(metrics.process.cpu.userSeconds).toBeGreaterThan(0);
    expect(metrics.process.memory.rss).toBeGreaterThan(metrics.process.memory.heapUsed);
    expect(Object.keys(metrics.process.eventLoopDelayMs).sort()).toEqual(['max', 'mean', 'p50', 'p99']);
    expect(metrics.database.kind).toBe(t.db.kind);
    if (t.db.kind === 'postgres') {
      expect(metrics.database.pool).toMatchObject({ max: expect.any(Number), total: expect.any(Number) });
    } else {
      expect(metrics.database.pool).toBeNull();
    }
  });

  it('serves Prometheus text with default metrics and the request histogram', async () => {
    await t.app.inject({ url: '/management/info' });
    const response = await t.app.inject({ url: '/management/prometheus', headers: admin });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('process_cpu_user_seconds_total');
    expect(response.body).toMatch(
      /http_server_requests_seconds_count\{method="GET",route="\/management\/info",status="200"\} [1-9]/,
    );
  });

  it('describes the event loop and its active handles in management/threaddump', async () => {
    const dump = (await t.app.inject({ url: '/management/threaddump', headers: admin })).json();
    expect(dump.activeResources.total).toBe(
      Object.values(dump.activeResources.byType as Record<string, number>).reduce((a, b) => a + b, 0),
    );
    expect(dump.eventLoopDelayMs.max).toBeGreaterThanOrEqual(0);
    expect(dump.memory.heapUsed).toBeGreaterThan(0);
    expect(dump.resourceUsage.maxRSS).toBeGreaterThan(0);
  });
});

describe('api/gateway/routes', () => {
  it('lists the three path prefixes with their service and this instance, healthy', async () => {
    const response = await t.app.inject({ url: '/api/gateway/routes', headers: admin });
    // Without INSTANCE_ID no answer names the instance.
    expect(response.headers['x-instance-id']).toBeUndefined();
    const routes = response.json();
    expect(routes.map((r: { path: string; serviceId: string }) => `${r.path} ${r.serviceId}`)).toEqual([
      '/api/** gateway',
      '/core/api/** core',
      '/management/** management',
    ]);
    for (const route of routes) {
      expect(route.serviceInstances).toHaveLength(1);
      expect(route.serviceInstances[0]).toMatchObject({ uri: 'in-process', health: 'UP' });
    }
  });
});

describe('management/logs', () => {
  const setLevel = (name: string, level: string | null) =>
    t.app.inject({ method: 'PUT', url: '/management/logs', headers: admin, payload: { name, level } });
  const levels = async () => (await t.app.inject({ url: '/management/logs', headers: admin })).json().loggers;

  it('lists the root logger and the named loggers with their levels', async () => {
    const loggers = await levels();
    expect(Object.keys(loggers)).toEqual(['root', 'http', 'db', 'auth', 'mail']);
    expect(loggers.root).toEqual({ configuredLevel: 'silent', effectiveLevel: 'silent' });
    expect(loggers.http).toEqual({ configuredLevel: null, effectiveLevel: 'silent' });
  });

  it('changes a level at run time: debug lines of that logger are then written, and stop again', async () => {
    const stream = (t.app.log as unknown as Record<symbol, { write: (line: string) => unknown }>)[
      pino.symbols.streamSym
    ]!;
    const original = stream.write;
    const lines: string[] = [];
    stream.write = (line: string) => lines.push(line);
    try {
      const debugLines = () => lines.filter((l) => l.includes('"logger":"http"') && l.includes('"level":20'));

      expect((await setLevel('http', 'DEBUG')).json()).toEqual({
        name: 'http',
        configuredLevel: 'debug',
        effectiveLevel: 'debug',
      });
      await t.app.inject({ url: '/management/info' });
      expect(debugLines().some((l) => l.includes('"route":"/management/info"'))).toBe(true);

      await setLevel('http', 'info');
      lines.length = 0;
      await t.app.inject({ url: '/management/info' });
      expect(debugLines()).toEqual([]);
      expect((await levels()).http.effectiveLevel).toBe('info');
    } finally {
      stream.write = original;
    }
  });

  it('makes loggers without a level of their own follow the root', async () => {
    await setLevel('http', null);
    await setLevel('mail', 'error');
    await setLevel('root', 'warn');
    const loggers = await levels();
    expect(loggers.root.effectiveLevel).toBe('warn');
    expect(loggers.http).toEqual({ configuredLevel: null, effectiveLevel: 'warn' });
    expect(loggers.mail).toEqual({ configuredLevel: 'error', effectiveLevel: 'error' });
    expect(t.app.log.level).toBe('warn');
    await setLevel('root', 'silent');
    await setLevel('mail', null);
  });

  it('refuses an unknown logger or level with a 400 problem, and audits the changes', async () => {
    const logger = await setLevel('nope', 'info');
    expect(logger.statusCode).toBe(400);
    expect(logger.json().message).toBe('error.logs.logger');
    const level = await setLevel('http', 'verbose');
    expect(level.statusCode).toBe(400);
    expect(level.json().message).toBe('error.logs.level');
    expect((await setLevel('root', null)).statusCode).toBe(400);
    const [event] = await t.db.query<{ data: Record<string, string> }>(
      `select data from audit_event where event_type = 'LOGGER_LEVEL_CHANGED' and principal = 'admin'
        order by id desc limit 1`,
    );
    expect(event!.data).toEqual({ logger: 'mail', level: null });
  });
});

describe('management/audits', () => {
  beforeAll(async () => {
    await t.db.query(
      `insert into audit_event (principal, event_date, event_type, data) values
         ('old', '2020-01-01T00:00:00Z', 'AUTHENTICATION_SUCCESS', '{"ip":"1.1.1.1"}'),
         ('old', '2020-01-02T23:59:59Z', 'AUTHENTICATION_FAILURE', '{}'),
         ('old', '2020-01-03T00:00:00Z', 'PASSWORD_CHANGED', '{}'),
         ('old', '2019-12-31T23:59:59Z', 'PASSWORD_CHANGED', '{}')`,
    );
  });
  const audits = (query: string) => t.app.inject({ url: `/management/audits?${query}`, headers: admin });

  it('filters by day, both ends included, newest first', async () => {
    const response = await audits('fromDate=2020-01-01&toDate=2020-01-02');
    expect(response.headers['x-total-count']).toBe('2');
    expect(response.json()).toEqual([
      {
        id: expect.any(Number),
        principal: 'old',
        timestamp: '2020-01-02T23:59:59.000Z',
        type: 'AUTHENTICATION_FAILURE',
        data: {},
      },
      {
        id: expect.any(Number),
        principal: 'old',
        timestamp: '2020-01-01T00:00:00.000Z',
        type: 'AUTHENTICATION_SUCCESS',
        data: { ip: '1.1.1.1' },
      },
    ]);
    const oneDay = await audits('fromDate=2020-01-03&toDate=2020-01-03');
    expect(oneDay.json().map((e: { type: string }) => e.type)).toEqual(['PASSWORD_CHANGED']);
  });

  it('pages and sorts, and shows the events the application records', async () => {
    const ascending = await audits('toDate=2020-01-31&sort=timestamp,asc&size=2&page=1');
    expect(ascending.headers['x-total-count']).toBe('4');
    expect(ascending.json().map((e: { timestamp: string }) => e.timestamp)).toEqual([
      '2020-01-02T23:59:59.000Z',
      '2020-01-03T00:00:00.000Z',
    ]);
    expect(ascending.headers.link).toContain('rel="prev"');
    const recent = (await audits('size=100')).json();
    expect(
      recent.some(
        (e: { principal: string; type: string }) => e.principal === 'admin' && e.type === 'AUTHENTICATION_SUCCESS',
      ),
    ).toBe(true);
  });

  it('refuses a malformed date or sort with a 400 problem', async () => {
    for (const query of ['fromDate=2020-13-01', 'toDate=yesterday', 'fromDate=2020-02-30', 'sort=data,asc']) {
      const response = await audits(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toBe('error.validation');
    }
  });
});
