// What the framework and Node answer on their own, before or around the routes, leaves as the API's
// answers do (DESIGN.md section 2): application/problem+json with status, title, detail and message,
// and no API answer may be cached (Cache-Control: no-store), while the web app's files keep theirs.
// The parser's refusals (huge headers, malformed HTTP) happen before Fastify: tested over a real socket.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from './helper';

const PROBLEM = 'application/problem+json';

let t: TestApp;
let base: string;
let port: number;

beforeAll(async () => {
  t = await startTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(base).port);
});
afterAll(() => t.close());

/** Sends `text` as it is on a new connection and returns the whole answer, read until the server closes. */
function rawExchange(text: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (data: string) => (answer += data));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

function expectProblem(
  answer: { status: number; headers: Record<string, unknown>; body: string },
  status: number,
  message = `error.http.${status}`,
) {
  expect(answer.status, answer.body).toBe(status);
  expect(answer.headers['content-type']).toContain(PROBLEM);
  expect(answer.headers['cache-control']).toBe('no-store');
  const problem = JSON.parse(answer.body) as Record<string, unknown>;
  expect(problem).toMatchObject({ status, message });
  expect(typeof problem.title).toBe('string');
  expect(typeof problem.detail).toBe('string');
}

describe('refusals of the HTTP parser, before Fastify', () => {
  it('answers headers over 16 kB with a 431 problem (a real client over a real socket)', async () => {
    const response = await fetch(`${base}/core/api/branches`, { headers: { 'x-padding': 'a'.repeat(20_000) } });
    const answer = {
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: await response.text(),
    };
    expectProblem(answer, 431);
    expect(JSON.parse(answer.body)).toEqual({
      status: 431,
      title: 'Request Header Fields Too Large',
      detail: 'The request headers are too large',
      message: 'error.http.431',
    });
  });

  it('answers the same on a raw socket, and closes the connection', async () => {
    const answer = await rawExchange(
      `GET /api/account HTTP/1.1\r\nHost: localhost\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expectProblem(answer, 431);
    expect(answer.headers.connection).toBe('close');
  });

  it.each([
    ['a header line without a colon', 'GET /api/account HTTP/1.1\r\nHost: localhost\r\nno colon here\r\n\r\n'],
    ['an unknown method', 'FROBNICATE /api/account HTTP/1.1\r\nHost: localhost\r\n\r\n'],
    ['a space in the address', 'GET /api/acc ount HTTP/1.1\r\nHost: localhost\r\n\r\n'],
    [
      'both Content-Length and chunked',
      'POST /api/authenticate HTTP/1.1\r\nHost: localhost\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
  ])('answers %s with a 400 problem', async (_what, text) => {
    expectProblem(await rawExchange(text), 400);
  });

  it('answers an Expect it cannot meet with a 417 problem', async () => {
    const answer = await rawExchange(
      'POST /api/authenticate HTTP/1.1\r\nHost: localhost\r\nExpect: 200-ok\r\nContent-Length: 0\r\nConnection: close\r\n\r\n',
    );
    expectProblem(answer, 417);
  });
});

describe("Fastify's own refusals", () => {
  const inject = async (options: InjectOptions) => {
    const response = await t.app.inject(options);
    return { status: response.statusCode, headers: response.headers, body: response.body };
  };

  it('an unknown API address: 404 problem', async () => {
    expectProblem(await inject({ url: '/core/api/nothing-here' }), 404, 'error.url.not.found');
    expectProblem(await inject({ method: 'PATCH', url: '/api/account' }), 404, 'error.url.not.found');
  });

  it('a body over the limit: 413 problem', async () => {
    const headers = bearer(await t.tokenFor('admin'));
    const payload = Buffer.from(`{"name":"${'x'.repeat(5 * 1024 * 1024)}"}`);
    const answer = await inject({
      method: 'POST',
      url: '/core/api/branches',
      headers: { ...headers, 'content-type': 'application/json' },
      payload,
    });
    expectProblem(answer, 413);
  });

  it('a media type no route reads: 415 problem', async () => {
    const headers = bearer(await t.tokenFor('admin'));
    const answer = await inject({
      method: 'POST',
      url: '/core/api/branches',
      headers: { ...headers, 'content-type': 'application/xml' },
      payload: '<branch/>',
    });
    expectProblem(answer, 415);
  });

  it.each([
    ['malformed JSON', '{"name": '],
    ['an empty JSON body', ''],
  ])('%s: 400 problem', async (_what, payload) => {
    const headers = bearer(await t.tokenFor('admin'));
    const answer = await inject({
      method: 'POST',
      url: '/core/api/branches',
      headers: { ...headers, 'content-type': 'application/json' },
      payload,
    });
    expectProblem(answer, 400);
  });

  it('an address the router refuses (bad %-escape, segment over 100 characters): 400 and 414 problems', async () => {
    expectProblem(await inject({ url: '/core/api/branches/%zz' }), 400);
    expectProblem(await inject({ url: `/core/api/branches/${'1'.repeat(101)}` }), 414);
  });
});

describe('Cache-Control: no-store on every API answer', () => {
  it('on the sign-in answer that carries the token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: 'admin', password: 'admin' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().id_token).toBeTruthy();
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('on answers and refusals of api/, core/api/ and management/', async () => {
    const admin = bearer(await t.tokenFor('admin'));
    const stagiaire = bearer(await t.tokenFor('stagiaire'));
    const calls = [
      { url: '/api/account', headers: admin, status: 200 },
      { url: '/core/api/branches', headers: admin, status: 200 },
      { url: '/management/health', headers: admin, status: 200 },
      { url: '/core/api/branches', headers: {}, status: 401 },
      { url: '/management/audits', headers: stagiaire, status: 403 },
      { url: '/core/api/branches?size=x', headers: admin, status: 400 },
      { url: '/api/nothing', headers: admin, status: 404 },
    ];
    for (const call of calls) {
      const response = await t.app.inject({ url: call.url, headers: call.headers });
      expect(response.statusCode, call.url).toBe(call.status);
      expect(response.headers['cache-control'], `${call.status} ${call.url}`).toBe('no-store');
    }
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/authenticate',
      payload: { username: 'admin', password: 'wrong' },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('on the event stream', async () => {
    const controller = new AbortController();
    const response = await fetch(`${base}/core/api/events`, {
      headers: bearer(await t.tokenFor('manager')),
      signal: controller.signal,
    });
    expect(response.headers.get('cache-control')).toMatch(/^no-store\b/);
    controller.abort();
  });

  it('but not on the web app: hashed assets are cached for a year, pages revalidated', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Banque</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    const web = await startTestApp({ seed: 'none', config: { webDist: dist } });
    try {
      const asset = await web.app.inject({ url: '/assets/app-1234.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const url of ['/', '/entity/branch']) {
        const page = await web.app.inject({ url });
        expect(page.statusCode).toBe(200);
        expect(page.headers['cache-control'], url).toBe('no-cache');
      }
      expect((await web.app.inject({ url: '/core/api/branches' })).headers['cache-control']).toBe('no-store');
    } finally {
      await web.close();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('while the server closes', () => {
  it('answers a request that still arrives with a 503 problem, not Fastify’s own JSON', async () => {
    const closing = await startTestApp({ seed: 'none' });
    let answer: { status: number; headers: Record<string, string>; body: string } | undefined;
    let url = '';
    closing.app.addHook('preClose', async () => {
      const response = await fetch(`${url}/core/api/branches`);
      answer = { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
    });
    url = await closing.app.listen({ port: 0, host: '127.0.0.1' });
    await closing.close();
    expectProblem(answer!, 503);
    expect(answer!.headers.connection).toBe('close');
  });
});
