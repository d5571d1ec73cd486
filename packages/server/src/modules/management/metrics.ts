// Run-time figures of this instance: HTTP requests by route pattern and status (onResponse hook), the
// process, the event loop and the database pool; served as JSON (management/metrics, threaddump) and in
// Prometheus text (management/prometheus, prom-client).
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ROUTE_ACCESS } from '@bank/domain';
import type { Database } from '../../db/database';

interface RouteStats {
  method: string;
  route: string;
  status: number;
  count: number;
  totalMs: number;
  maxMs: number;
}

/** Requests that matched no route share one label, so scanners cannot grow the tables without bound. */
const UNMATCHED = 'UNMATCHED';
const round = (value: number) => Math.round(value * 100) / 100;
const nsToMs = (ns: number) => round(ns / 1e6);

export class HttpMetrics {
  readonly registry = new Registry();
  private readonly routes = new Map<string, RouteStats>();
  private readonly duration: Histogram<'method' | 'route' | 'status'>;
  private readonly loopDelay: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });

  constructor(private readonly db: Database) {
    collectDefaultMetrics({ register: this.registry });
    this.duration = new Histogram({
      name: 'http_server_requests_seconds',
      help: 'HTTP request duration by route pattern, method and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [this.registry],
    });
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections by state (PostgreSQL server only)',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const stats = db.stats?.();
        if (!stats) return;
        for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state }, stats[state]);
      },
    });
    this.loopDelay.enable();
  }

  record(method: string, route: string, status: number, ms: number): void {
    const key = `${method} ${route} ${status}`;
    const stats = this.routes.get(key) ?? { method, route, status, count: 0, totalMs: 0, maxMs: 0 };
    stats.count += 1;
    stats.totalMs += ms;
    stats.maxMs = Math.max(stats.maxMs, ms);
    this.routes.set(key, stats);
    this.duration.observe({ method, route, status: String(status) }, ms / 1000);
  }

  eventLoopDelay() {
    const h = this.loopDelay;
    return {
      p50: nsToMs(h.percentile(50)),
      p99: nsToMs(h.percentile(99)),
      max: nsToMs(h.max),
      mean: Number.isNaN(h.mean) ? 0 : nsToMs(h.mean),
    };
  }

  process() {
    const cpu = process.cpuUsage();
    const memory = process.memoryUsage();
    return {
      pid: process.pid,
      nodeVersion: process.version,
      uptimeSeconds: round(process.uptime()),
      cpu: { userSeconds: round(cpu.user / 1e6), systemSeconds: round(cpu.system / 1e6) },
      memory: {
        rss: memory.rss,
        heapTotal: memory.heapTotal,
        heapUsed: memory.heapUsed,
        external: memory.external,
        arrayBuffers: memory.arrayBuffers,
      },
      eventLoopDelayMs: this.eventLoopDelay(),
    };
  }

  snapshot() {
    const requests = [...this.routes.values()]
      .map(({ method, route, status, count, totalMs, maxMs }) => ({
        method,
        route,
        status,
        count,
        meanMs: round(totalMs / count),
        maxMs: round(maxMs),
      }))
      .sort((a, b) => b.count - a.count || a.route.localeCompare(b.route));
    return {
      timestamp: new Date().toISOString(),
      process: this.process(),
      http: { totalCount: requests.reduce((sum, r) => sum + r.count, 0), requests },
      database: { kind: this.db.kind, pool: this.db.stats?.() ?? null },
    };
  }

  close(): void {
    this.loopDelay.disable();
  }
}

/**
 * Counts every response; the 'http' logger writes one debug line per request (off at the info level).
 * A callback hook: its work is synchronous, and a promise per request would only add to it.
 */
export function registerHttpMetrics(app: FastifyInstance, db: Database, log: FastifyBaseLogger): HttpMetrics {
  const metrics = new HttpMetrics(db);
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED;
    const ms = reply.elapsedTime;
    metrics.record(request.method, route, reply.statusCode, ms);
    log.debug({ method: request.method, route, status: reply.statusCode, ms: round(ms) }, 'http request');
    done();
  });
  app.addHook('onClose', async () => metrics.close());
  return metrics;
}

function activeResources() {
  const byType: Record<string, number> = {};
  const resources = process.getActiveResourcesInfo();
  for (const type of resources) byType[type] = (byType[type] ?? 0) + 1;
  return { total: resources.length, byType };
}

export function registerMetricsRoutes(app: FastifyInstance, metrics: HttpMetrics): void {
  const config = { access: ROUTE_ACCESS.management };

  app.get('/management/metrics', { config }, async () => metrics.snapshot());

  app.get('/management/prometheus', { config }, async (_request, reply) =>
    reply.type(metrics.registry.contentType).send(await metrics.registry.metrics()),
  );

  // Node has one JavaScript thread: what keeps it busy or alive is the event loop and its handles.
  app.get('/management/threaddump', { config }, async () => ({
    timestamp: new Date().toISOString(),
    ...metrics.process(),
    activeResources: activeResources(),
    resourceUsage: process.resourceUsage(),
  }));
}
