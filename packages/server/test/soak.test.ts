// Long suite only (`npm run test:long`, or SOAK_SECONDS set): a steady mixed load of reads, searches and
// staff decisions against the real server for SOAK_SECONDS, with zero errors and a flat memory after warm-up.
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childServer, type ChildServer } from './child-server';

const enabled = Boolean(process.env.TEST_LONG || process.env.SOAK_SECONDS);
const requested = Number(process.env.SOAK_SECONDS ?? 300);
// The embedded database is a single-user engine for one laptop: it gets a fifth of the time and rate.
const embedded = !process.env.DATABASE_URL;
const SECONDS = embedded ? Math.max(30, Math.round(requested / 5)) : requested;
const RATE = Number(process.env.SOAK_RATE ?? (embedded ? 10 : 50));
const WARM_UP_SECONDS = Math.max(10, Math.round(SECONDS / 5));
const MEMORY_TOLERANCE = 0.15;

type Kind = 'read' | 'search' | 'decision';
interface Request {
  id: number;
  version: number;
  [key: string]: unknown;
}

let server: ChildServer;
let headers: Record<string, string>;
const orders: Request[] = [];
const busy = new Set<number>();

const call = (method: string, url: string, body?: unknown) => server.request(method, url, headers, body);

function rss(): number {
  const status = fs.readFileSync(`/proc/${server.pid()}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) * 1024;
}

beforeAll(async () => {
  if (!enabled) return;
  server = await childServer('soak');
  await server.start();
  headers = await server.headersFor('manager');
  for (let i = 0; i < 20; i++) await call('POST', '/core/api/branches', { name: `Agence ${i} Dakar`, code: `S${i}` });
  for (let i = 0; i < 100; i++) {
    const response = await call('POST', '/core/api/card-orders', {
      holderName: `Awa Ndiaye ${i}`,
      orderStatus: 'PENDING',
    });
    expect(response.status).toBe(201);
    orders.push((await response.json()) as Request);
  }
}, 300_000);
afterAll(() => server?.cleanup(), 60_000);

const WORDS = ['Awa', 'ndiaye', 'Agence', 'Dakar', '1', '42', 'zz', 'Ndiaye 7'];
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

/** One request of the mix: 50 % reads, 25 % searches, 25 % staff decisions. */
async function oneRequest(): Promise<[Kind, Response | undefined]> {
  const roll = Math.random();
  if (roll < 0.5) {
    const urls = [
      `/core/api/card-orders?page=${Math.floor(Math.random() * 5)}&size=20&sort=createdAt,desc`,
      '/core/api/card-orders?orderStatus.in=PENDING&size=20',
      `/core/api/card-orders/${pick(orders).id}`,
      '/core/api/branches?size=50',
      `/core/api/card-orderlogs/story/${pick(orders).id}`,
    ];
    const url = pick(urls);
    return ['read', await call(url.includes('/story/') ? 'POST' : 'GET', url)];
  }
  if (roll < 0.75) {
    const word = encodeURIComponent(pick(WORDS));
    const url = pick([`/core/api/_search/card-orders?query=${word}`, `/core/api/branches?name.contains=${word}`]);
    return ['search', await call('GET', url)];
  }
  const free = orders.filter((o) => !busy.has(o.id));
  if (free.length === 0) return ['decision', undefined];
  const order = pick(free);
  busy.add(order.id);
  try {
    // Back and forth between the two open statuses: a validated order would be closed for good.
    const status = order.orderStatus === 'PENDING' ? 'INPROGRESS' : 'PENDING';
    const response = await call('PUT', `/core/api/card-orders/${order.id}`, {
      ...order,
      orderStatus: status,
      comment: `Revue ${Date.now()}`,
    });
    if (response.ok) Object.assign(order, (await response.clone().json()) as Request);
    return ['decision', response];
  } finally {
    busy.delete(order.id);
  }
}

const percentile = (values: number[], p: number) =>
  values.length === 0
    ? 0
    : [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
const median = (values: number[]) => percentile(values, 0.5);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

describe.skipIf(!enabled)(`soak: ${SECONDS} s of mixed load at ${RATE} req/s`, () => {
  it(
    'answers every request without error and keeps its memory flat after warm-up',
    { timeout: SECONDS * 1000 + 300_000 },
    async () => {
      const latencies: Record<Kind, number[]> = { read: [], search: [], decision: [] };
      const errors: string[] = [];
      const samples: Array<{ at: number; rss: number }> = [];
      const inFlight = new Set<Promise<void>>();
      const start = performance.now();
      const end = start + SECONDS * 1000;
      let nextSample = start;
      for (let tick = 0; ; tick++) {
        const due = start + (tick * 1000) / RATE;
        if (due >= end) break;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        if (performance.now() >= nextSample) {
          samples.push({ at: (performance.now() - start) / 1000, rss: rss() });
          nextSample += 5000;
        }
        const sent = performance.now();
        const request = oneRequest()
          .then(([kind, response]) => {
            if (!response) return;
            latencies[kind].push(performance.now() - sent);
            if (!response.ok) errors.push(`${kind}: ${response.status} ${response.url}`);
            return response.arrayBuffer().then(() => undefined);
          })
          .catch((error: unknown) => void errors.push(String(error)))
          .finally(() => inFlight.delete(request));
        inFlight.add(request);
      }
      await Promise.all(inFlight);
      samples.push({ at: SECONDS, rss: rss() });

      const steady = samples.filter((s) => s.at >= WARM_UP_SECONDS).map((s) => s.rss);
      const [early, late] = [median(steady.slice(0, 3)), median(steady.slice(-3))];
      const drift = (late - early) / early;
      const counts = Object.values(latencies).reduce((sum, l) => sum + l.length, 0);
      const lines = (Object.keys(latencies) as Kind[]).map((kind) => {
        const l = latencies[kind];
        return `  ${kind.padEnd(8)} ${String(l.length).padStart(6)} req  p50 ${percentile(l, 0.5).toFixed(1)} ms  p95 ${percentile(l, 0.95).toFixed(1)} ms  p99 ${percentile(l, 0.99).toFixed(1)} ms`;
      });
      console.info(
        [
          `soak (${server.backend}): ${SECONDS} s at ${RATE} req/s target, ${counts} requests (${(counts / SECONDS).toFixed(1)} req/s), ${errors.length} errors`,
          ...lines,
          `  RSS of the server: ${mb(early)} after ${WARM_UP_SECONDS} s warm-up, ${mb(late)} at the end (${(drift * 100).toFixed(1)} %), max ${mb(Math.max(...steady))}`,
        ].join('\n'),
      );
      expect(errors.slice(0, 10)).toEqual([]);
      expect(steady.length).toBeGreaterThanOrEqual(2);
      // A leak shows as growth; a fall after warm-up is the heap settling.
      expect(drift).toBeLessThanOrEqual(MEMORY_TOLERANCE);
      expect(counts).toBeGreaterThan(SECONDS * RATE * 0.9);
    },
  );
});
