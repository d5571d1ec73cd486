// Whether the server can be reached, as the last calls and the browser tell (the « Connexion perdue »
// banner), and the wait between two tries of a lost call or chunk (DESIGN.md, the retry contract).

/** The first wait, doubled at each try up to the cap. */
const FIRST_WAIT_MS = 1_000;
const MAX_WAIT_MS = 15_000;

let callsLost = false;
const listeners = new Set<() => void>();

function setCallsLost(lost: boolean): void {
  if (callsLost === lost) return;
  callsLost = lost;
  for (const listener of listeners) listener();
}

/** A call or a chunk got no answer (network error, 502, 503, 504): shown until one is answered. */
export const reportLost = (): void => setCallsLost(true);
/** A call or a chunk was answered: the server is back. */
export const reportAnswered = (): void => setCallsLost(false);

/** The last calls went unanswered, or the browser says it is offline. */
export function isConnectionLost(): boolean {
  return callsLost || !navigator.onLine;
}

/** For useSyncExternalStore: told on every change of `isConnectionLost()`. */
export function subscribeConnection(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/**
 * The wait before try `attempt` + 1 (0 for the first retry): 1, 2, 4, 8 s … capped at 15 s, each ±20 %
 * so that the pages of a whole office do not all come back in the same second; at least `retryAfterMs`
 * (the server's Retry-After), still capped.
 */
export function retryDelay(attempt: number, retryAfterMs = 0): number {
  const base = Math.min(MAX_WAIT_MS, FIRST_WAIT_MS * 2 ** Math.min(attempt, 4));
  const jittered = base * (0.8 + Math.random() * 0.4);
  return Math.min(MAX_WAIT_MS, Math.max(jittered, retryAfterMs));
}

/**
 * Waits `ms`, or less when the browser comes back online; rejects with the signal's reason when the
 * caller gives up meanwhile.
 */
export function waitToRetry(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const settle = (outcome: () => void) => {
      clearTimeout(timer);
      window.removeEventListener('online', back);
      signal?.removeEventListener('abort', abort);
      outcome();
    };
    const back = () => settle(resolve);
    const abort = () => settle(() => reject(signal?.reason));
    const timer = setTimeout(back, ms);
    window.addEventListener('online', back);
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort);
  });
}
