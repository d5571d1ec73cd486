// When the user last did something that reached the server: what the server's idle limit counts
// (SESSION_IDLE_MINUTES). Shared by the tabs of the browser, which share the token.
const STORAGE_KEY = 'bank.lastActivity';
/** A tab writes the shared time at most this often: each call need not touch storage. */
const SHARE_EVERY_MS = 5_000;

let last = Date.now();
let shared = 0;

/** A call made with a token on the user's behalf (not a background refresh) has just been sent. */
export function markActivity(now = Date.now()): void {
  last = now;
  if (now - shared < SHARE_EVERY_MS) return;
  shared = now;
  try {
    localStorage.setItem(STORAGE_KEY, String(now));
  } catch {
    // Storage refused (private mode, quota): this tab's own time still counts.
  }
}

/** The latest use of the session seen by any tab. */
export function lastActivity(): number {
  let stored = 0;
  try {
    stored = Number(localStorage.getItem(STORAGE_KEY) ?? 0) || 0;
  } catch {
    stored = 0;
  }
  return Math.max(last, stored);
}
