// What one client can hold open, over real sockets: a request's headers arrive within 10 s or the
// connection is answered 408 and closed (slow-header attacks, also on a kept-alive connection's next
// request), and one address keeps at most
// CONNECTIONS_PER_ADDRESS connections, a trusted proxy's not counted.
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../src/plugins/http-edges';
import { startTestApp, type TestApp } from './helper';

const CAP = 5;
const PROXY = '127.0.0.2';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await startTestApp({ seed: 'none', config: { connectionsPerAddress: CAP, trustProxy: [PROXY] } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

interface Client {
  socket: net.Socket;
  received: string;
  /** Milliseconds from the connection to its close, once closed. */
  closedAfter?: number;
  closed: Promise<void>;
}

/** A connection from `from` (a loopback address), open once this resolves. */
async function connect(from = '127.0.0.1'): Promise<Client> {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
  const started = Date.now();
  const client = { socket, received: '' } as Client;
  client.closed = new Promise((resolve) =>
    socket.once('close', () => {
      client.closedAfter = Date.now() - started;
      resolve();
    }),
  );
  socket.on('data', (chunk) => (client.received += chunk.toString('latin1')));
  socket.on('error', () => {});
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  return client;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 200));
const closeAll = async (clients: Client[]) => {
  for (const client of clients) client.socket.destroy();
  await Promise.all(clients.map((client) => client.closed));
  await settle();
};

describe('connections per address', () => {
  it(`keeps ${CAP} from one address and closes one more at once; other addresses are not counted with them`, async () => {
    const held: Client[] = [];
    for (let i = 0; i < CAP; i++) held.push(await connect());
    await settle();
    const extra = await connect();
    await extra.closed;
    expect(extra.received).toBe('');
    expect(held.some((client) => client.closedAfter !== undefined)).toBe(false);

    // Another address has its own count, and the held ones still answer.
    const other = await connect('127.0.0.3');
    other.socket.write('GET /management/health HTTP/1.1\r\nHost: bank\r\n\r\n');
    held[0]!.socket.write('GET /management/health HTTP/1.1\r\nHost: bank\r\n\r\n');
    await expect.poll(() => other.received + held[0]!.received).toMatch(/HTTP\/1.1 200[^]*HTTP\/1.1 200/);

    // A connection that ends frees its place.
    await closeAll([held.pop()!]);
    const again = await connect();
    await settle();
    expect(again.closedAfter).toBeUndefined();
    await closeAll([...held, other, again]);
  });

  it('does not count the connections of a trusted proxy, whose clients all share its address', async () => {
    const proxied: Client[] = [];
    for (let i = 0; i < CAP + 3; i++) proxied.push(await connect(PROXY));
    await settle();
    expect(proxied.filter((client) => client.closedAfter !== undefined)).toHaveLength(0);
    await closeAll(proxied);
  });

  it('believes X-Forwarded-For from a trusted proxy only', async () => {
    const signInFrom = (from: string) =>
      new Promise<void>((resolve, reject) => {
        const body = JSON.stringify({ username: `quidam-${from}`, password: 'x' });
        const request = http.request(
          {
            port,
            host: '127.0.0.1',
            localAddress: from,
            method: 'POST',
            path: '/api/authenticate',
            agent: false,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.1.2.3' },
          },
          (response) => response.resume().on('end', resolve),
        );
        request.on('error', reject).end(body);
      });
    await signInFrom(PROXY);
    await signInFrom('127.0.0.1');
    const rows = await t.db.query<{ principal: string; ip: string }>(
      `select principal, data::jsonb->>'ip' as ip from audit_event where event_type = 'AUTHENTICATION_FAILURE'
        and principal like 'quidam-%' order by id`,
    );
    expect(rows).toEqual([
      { principal: `quidam-${PROXY}`, ip: '10.1.2.3' },
      { principal: 'quidam-127.0.0.1', ip: '127.0.0.1' },
    ]);
  });

  it('reads TRUST_PROXY as true or a list of addresses and ranges, and refuses anything else', () => {
    expect(loadConfig({}).connectionsPerAddress).toBe(100);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16' }).trustProxy).toEqual(['10.0.0.5', '10.1.0.0/16']);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.bank' })).toThrow(/TRUST_PROXY/);
  });
});

describe('slow requests', () => {
  it(
    `answers 408 and closes a connection whose headers have not all come within ${HEADERS_TIMEOUT_MS / 1000} s, ` +
      'even one sending a header line every second',
    async () => {
      const slow: Client[] = [];
      for (let i = 0; i < CAP - 1; i++) slow.push(await connect());
      // One sends nothing at all.
      const silent = await connect();
      for (const client of slow) client.socket.write('GET /management/health HTTP/1.1\r\nHost: bank\r\n');
      const trickle = setInterval(() => {
        for (const client of slow) if (!client.socket.destroyed) client.socket.write(`X-Slow-${Date.now()}: 1\r\n`);
      }, 1000);
      try {
        await Promise.all([...slow, silent].map((client) => client.closed));
      } finally {
        clearInterval(trickle);
      }
      for (const client of [...slow, silent]) {
        expect(client.closedAfter).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
        expect(client.closedAfter).toBeLessThan(HEADERS_TIMEOUT_MS + 2_500);
      }
      for (const client of slow) expect(client.received).toMatch(/^HTTP\/1.1 408 Request Timeout\r\n/);
      // The whole request, body included, has a bound too (Node's own default is 5 minutes).
      expect(t.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    },
    HEADERS_TIMEOUT_MS + 10_000,
  );

  it(
    'gives the next request of a kept-alive connection the same limit: trickled headers after a first answer get 408',
    async () => {
      await settle(); // the server counts the last test's connections until their closes reach it
      const client = await connect();
      client.socket.write('GET /management/health HTTP/1.1\r\nHost: bank\r\n\r\n');
      await expect.poll(() => client.received, { timeout: 10_000 }).toMatch(/^HTTP\/1.1 200 /);
      const answered = client.received.length;
      // Idle between requests as a browser's connection is, then a second request that never ends its headers.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const began = Date.now();
      client.socket.write('GET /management/health HTTP/1.1\r\nHost: bank\r\n');
      const trickle = setInterval(() => {
        if (!client.socket.destroyed) client.socket.write(`X-Slow-${Date.now()}: 1\r\n`);
      }, 1000);
      try {
        await client.closed;
      } finally {
        clearInterval(trickle);
      }
      const after = Date.now() - began;
      expect(after).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
      expect(after).toBeLessThan(HEADERS_TIMEOUT_MS + 2_500);
      expect(client.received.slice(answered)).toMatch(/^HTTP\/1.1 408 Request Timeout\r\n/);
    },
    HEADERS_TIMEOUT_MS + 20_000,
  );
});
