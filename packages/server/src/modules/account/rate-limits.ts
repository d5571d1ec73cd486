// Per-IP request limits on the calls that an attacker would repeat (sign-in and every other check of a
// password or a second-factor code, registration, reset request). Counters live in this instance's memory:
// behind N instances the effective limit is N times.
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
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

/** Route options that count a call against the credential checks' budget (see credentialChecks). */
export type CredentialChecks = { preHandler?: preHandlerAsyncHookHandler };

/**
 * One budget of `max` calls a minute per IP shared by every route that checks a password or a code (a
 * route's own `config.rateLimit` would count apart): guesses spread over sign-in, the second factor's
 * removal and the password checks add up. 0 turns it off.
 */
export function credentialChecks(app: FastifyInstance, max: number): CredentialChecks {
  return max > 0 ? { preHandler: app.rateLimit({ max, timeWindow: 60_000 }) } : {};
}
