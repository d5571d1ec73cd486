// What leaves the server outside the routes' own answers (DESIGN.md section 2: every error is
// application/problem+json): API answers are never cached, requests that Node's HTTP parser refuses
// before Fastify sees them (headers over 16 kB, malformed HTTP, a request too slow to arrive, an
// `Expect` it cannot meet) get a problem, and so do requests that arrive while the server closes.
// Also how long a request may take to arrive, and how many connections one client address may hold.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import type { ConnectionError, FastifyHttpOptions, FastifyInstance } from 'fastify';
import { isApiPath } from './auth';
import { sendProblem } from './errors';

/**
 * API answers carry tokens and customers' data: no browser or proxy may keep them, errors included.
 * Set on the raw response, so that it holds whatever answers (error handler, not-found handler,
 * event streams, which take the reply over); the web app's files keep their own caching (web-app.ts).
 * Registered before the authentication hook, whose refusals must carry it too.
 */
export function registerApiNoStore(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (isApiPath(request.url)) reply.raw.setHeader('cache-control', 'no-store');
    done();
  });
}

/**
 * Replaces Fastify's own answer to requests arriving while it closes (option return503OnClosing, a
 * plain JSON body): a 503 problem that tells the client, or the load balancer, to go elsewhere.
 */
export function registerClosingAnswer(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  // Every request passes here: a callback hook, which costs no promise while the server is open.
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    reply.header('connection', 'close').header('cache-control', 'no-store');
    sendProblem(reply, {
      status: 503,
      title: 'Service Unavailable',
      detail: 'The server is shutting down; try again',
      message: 'error.http.503',
    });
  });
}

/**
 * Node answers an `Expect` header other than 100-continue itself (417, no body) unless someone listens
 * for it: here, with a problem.
 */
export function registerExpectationAnswer(app: FastifyInstance): void {
  app.server.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) => {
    const body = JSON.stringify({
      status: 417,
      title: 'Expectation Failed',
      detail: 'Only "Expect: 100-continue" is supported',
      message: 'error.http.417',
    });
    response.writeHead(417, {
      'content-type': 'application/problem+json',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
    response.end(body);
  });
}

/** What Node's parser reports, as answered; any other parse error is a 400. */
const CLIENT_ERRORS: Record<string, { status: number; title: string; detail: string }> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    title: 'Request Header Fields Too Large',
    detail: 'The request headers are too large',
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, title: 'Request Timeout', detail: 'The request took too long to arrive' },
};
const BAD_HTTP = { status: 400, title: 'Bad Request', detail: 'The request is not valid HTTP' };

/**
 * Fastify's option `clientErrorHandler`: Node's `clientError` event, when the parser refuses a request
 * and there is neither request nor reply, only the socket to write the answer on.
 */
export function clientErrorHandler(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, title, detail } = CLIENT_ERRORS[error.code] ?? BAD_HTTP;
  this.log.debug({ err: error, status }, 'request refused by the HTTP parser');
  // An answer already begun on this connection cannot be followed by another status line (as Node does).
  const current = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || current?.headersSent) {
    socket.destroy(error);
    return;
  }
  const body = JSON.stringify({ status, title, detail, message: `error.http.${status}` });
  socket.end(
    [
      `HTTP/1.1 ${status} ${title}`,
      'Content-Type: application/problem+json',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Cache-Control: no-store',
      'X-Content-Type-Options: nosniff',
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}

/** A request's headers must arrive within this, or Node answers 408 and closes (slow-header attacks). */
export const HEADERS_TIMEOUT_MS = 10_000;
/** The whole request, body included, within this: the web app's own time-out (spec part 1 §9). */
export const REQUEST_TIMEOUT_MS = 60_000;

/** Fastify's options for the time-outs above. */
export const requestTimeouts = {
  requestTimeout: REQUEST_TIMEOUT_MS,
  // Node looks for late requests every connectionsCheckingInterval, 30 s by default: a 10 s limit would
  // then hold a connection up to 40 s.
  http: { headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 1_000 },
} satisfies FastifyHttpOptions<Server>;

/**
 * At most `perAddress` open connections from one client address: past it, a new one is closed at once.
 * A trusted proxy's address is not counted, as every client behind it shares it (the proxy caps its own);
 * with TRUST_PROXY=true every peer may be one, so nothing is counted.
 */
export function registerConnectionLimit(
  app: FastifyInstance,
  perAddress: number,
  trustProxy: boolean | string[],
): void {
  if (perAddress === 0 || trustProxy === true) return;
  const trusted = trustProxy === false ? () => false : proxyAddr.compile(trustProxy);
  const open = new Map<string, number>();
  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (!address || trusted(address, 0)) return;
    const count = (open.get(address) ?? 0) + 1;
    if (count > perAddress) {
      app.log.debug({ address, perAddress }, 'connection refused: too many from this address');
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = open.get(address)! - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
