// Where the session token lives (spec part 1 section 9): sessionStorage, or localStorage when "remember me".
import { TOKEN_STORAGE_KEY } from '@bank/domain';

/** The stored token, persistent storage first as the original client reads it. */
export function getToken(): string | null {
  return localStorage.getItem(TOKEN_STORAGE_KEY) ?? sessionStorage.getItem(TOKEN_STORAGE_KEY);
}

/** Keeps one token only: a persistent one when `remember`, else one for the browser session. */
export function storeToken(token: string, remember: boolean): void {
  clearToken();
  (remember ? localStorage : sessionStorage).setItem(TOKEN_STORAGE_KEY, token);
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_STORAGE_KEY);
  sessionStorage.removeItem(TOKEN_STORAGE_KEY);
}
