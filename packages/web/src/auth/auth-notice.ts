// Why the session ended (e.g. login.error.unauthorized after a 401), shown once on the sign-in page.
import { useSyncExternalStore } from 'react';

let notice: string | null = null;
const listeners = new Set<() => void>();

export function setAuthNotice(key: string | null): void {
  notice = key;
  listeners.forEach((listener) => listener());
}

export function useAuthNotice(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => notice,
  );
}
