import { TOKEN_STORAGE_KEY } from '@bank/domain';
import { describe, expect, it } from 'vitest';
import { clearToken, getToken, storeToken } from './token-storage';

describe('token storage', () => {
  it('keeps the token for the browser session unless "remember me"', () => {
    storeToken('session-jwt', false);
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('session-jwt');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(getToken()).toBe('session-jwt');
  });

  it('keeps it in localStorage with "remember me", replacing a session token', () => {
    storeToken('session-jwt', false);
    storeToken('remembered-jwt', true);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('remembered-jwt');
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(getToken()).toBe('remembered-jwt');
  });

  it('clears both storages', () => {
    localStorage.setItem(TOKEN_STORAGE_KEY, 'a');
    sessionStorage.setItem(TOKEN_STORAGE_KEY, 'b');
    clearToken();
    expect(getToken()).toBeNull();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});
