// What leaves the server outside the routes' own answers (DESIGN.md section 2: every error is
// application/problem+json): API answers are never cached, requests that Node's HTTP parser refuses
// before Fastify sees them (headers over 16 kB, malformed HTTP, a request too slow to arrive, an
// `Expect` it cannot meet) get a problem, and so do requests that arrive while the server closes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyInstance } from 'fastify';
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
