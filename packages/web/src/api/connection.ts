// Whether the server can be reached, as the last calls and the browser tell (the « Connexion perdue »
// banner), and the wait for a lost call or chunk to be tried again (the delay: retryDelay in the domain).

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
