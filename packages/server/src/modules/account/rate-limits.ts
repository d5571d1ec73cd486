// Per-IP request limits on the public account calls that an attacker would repeat (sign-in, registration,
// reset request). Counters live in this instance's memory: behind N instances the effective limit is N times.
import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { HttpProblem } from '../../problem';

/** Registers the plugin without a global limit: only routes that carry `config.rateLimit` are counted. */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpProblem(context.statusCode, {
        message: 'error.http.429',
        detail: `Too many requests: retry in ${context.after}`,
      }),
  });
}

/** The route option for `max` requests per minute and per IP; 0 turns the limit off. */
export const perMinute = (max: number) => (max > 0 ? { rateLimit: { max, timeWindow: 60_000 } } : {});
