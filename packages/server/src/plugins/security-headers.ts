// Helmet's security headers, computed once. @fastify/helmet builds a new helmet middleware on every
// request (parsing the CSP directives each time) in two hooks; our headers do not depend on the
// request, so they are taken once from the plugin on a throwaway instance and set by one hook.
import Fastify, { type FastifyInstance } from 'fastify';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';

/** Headers Fastify sets itself on the probe's answer, not helmet's. */
const OWN_HEADERS = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

export async function registerSecurityHeaders(app: FastifyInstance, options: FastifyHelmetOptions): Promise<void> {
  const probe = Fastify();
  await probe.register(helmet, options);
  probe.get('/', async () => '');
  const answer = await probe.inject('/');
  await probe.close();
  // Names as helmet spells them (the answer's own keys are lower-cased); Node has the call, its types not.
  const response = answer.raw.res as typeof answer.raw.res & { getRawHeaderNames(): string[] };
  const headers = response
    .getRawHeaderNames()
    .filter((name) => !OWN_HEADERS.has(name.toLowerCase()))
    .map((name) => [name, String(answer.headers[name.toLowerCase()])] as const);
  // On the raw response, as helmet does, so that event streams (which take the reply over) carry them.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
