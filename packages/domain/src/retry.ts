// The retry contract (DESIGN.md): which answers mean the call may never have reached the application, and
// how long to wait before trying it again. The web app's client follows it, and so do the suites that play
// a client through a fail-over (test-ha), so that both retry alike.

/** Answers that may never have come from the application: the call is tried again, a write with the same key. */
export const LOST_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/** The first wait, doubled at each try up to the cap. */
const FIRST_WAIT_MS = 1_000;
const MAX_WAIT_MS = 15_000;

/**
 * The wait before try `attempt` + 1 (0 for the first retry): 1, 2, 4, 8 s … capped at 15 s, each ±20 %
 * so that the pages of a whole office do not all come back in the same second; at least `retryAfterMs`
 * (the server's Retry-After), still capped.
 * @example retryDelay(0, 5000) === 5000
 */
export function retryDelay(attempt: number, retryAfterMs = 0): number {
  const base = Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.min(attempt, 4));
  const jittered = base * (0.8 + Math.random() * 0.4);
  return Math.min(MAX_WAIT_MS, Math.max(jittered, retryAfterMs));
}
