import { APP_HEADERS, TOKEN_STORAGE_KEY } from '@bank/domain';
import { cleanNotifications, notificationsStore } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../test/render';
import { buildUrl, HTTP_TIMEOUT_MS, request, setUnauthenticatedHandler } from './http-client';
import { HttpError } from './http-error';
import { authenticate, fetchSession } from './session';
import { storeToken } from './token-storage';

function toasts(): string[] {
  const { notifications, queue } = notificationsStore.getState();
  return [...notifications, ...queue].map((toast) => String(toast.message));
}

const signOut = vi.fn();

beforeEach(() => {
  cleanNotifications();
  signOut.mockReset();
  setUnauthenticatedHandler(signOut);
});

afterEach(() => {
  vi.useRealTimers();
  setUnauthenticatedHandler(null);
});

describe('request', () => {
  it('sends the stored token as a bearer Authorization header', async () => {
    storeToken('jwt-123', false);
    const { fetchStub, calls } = stubFetch({ 'GET /api/account': () => json({ login: 'manager' }) });
    vi.stubGlobal('fetch', fetchStub);
    const { data } = await request<{ login: string }>('api/account');
    expect(data.login).toBe('manager');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer jwt-123');
  });

  it('sends no Authorization header without a token', async () => {
    const { fetchStub, calls } = stubFetch({ 'GET /management/info': () => json({ inProduction: false }) });
    vi.stubGlobal('fetch', fetchStub);
    await request('management/info');
    expect(calls[0]?.headers.has('Authorization')).toBe(false);
  });

  it('builds query strings with repeated parameters and skips empty values', () => {
    expect(buildUrl('core/api/clients', { page: 0, size: 20, sort: ['name,asc', 'id,desc'], q: '' })).toBe(
      '/core/api/clients?page=0&size=20&sort=name%2Casc&sort=id%2Cdesc',
    );
  });

  it('a 401 on a call made with a token runs the sign-out handler and shows no toast', async () => {
    storeToken('expired', false);
    vi.stubGlobal(
      'fetch',
      stubFetch({ 'GET /core/api/clients': () => json({ message: 'error.http.401' }, 401) }).fetchStub,
    );
    await expect(request('core/api/clients')).rejects.toMatchObject({ status: 401 });
    expect(signOut).toHaveBeenCalledWith(401);
    expect(toasts()).toEqual([]);
  });

  it('a 403 runs the sign-out handler and shows the response message', async () => {
    storeToken('jwt', false);
    vi.stubGlobal('fetch', stubFetch({ 'GET /api/users': () => json({ message: 'error.http.403' }, 403) }).fetchStub);
    await expect(request('api/users')).rejects.toBeInstanceOf(HttpError);
    expect(signOut).toHaveBeenCalledWith(403);
    expect(toasts()).toEqual(['You are not authorized to access this page.']);
  });

  it('a 403 naming a business rule refuses the action, not the session: its message, no sign-out', async () => {
    storeToken('jwt', false);
    const refusal = { message: 'error.makerChecker', params: 'transfer' };
    const headers = { [APP_HEADERS.error]: 'error.makerChecker', [APP_HEADERS.params]: 'transfer' };
    vi.stubGlobal('fetch', stubFetch({ 'PUT /core/api/transfers/7': () => json(refusal, 403, headers) }).fetchStub);
    await expect(request('core/api/transfers/7', { method: 'PUT', body: {} })).rejects.toMatchObject({ status: 403 });
    expect(signOut).not.toHaveBeenCalled();
    expect(toasts()).toEqual(['You filed this request: another staff member must decide it.']);
  });

  it('leaves the problems a caller tells itself (quietMessages) untold', async () => {
    storeToken('jwt', false);
    const headers = { [APP_HEADERS.error]: 'error.seniorApproval' };
    vi.stubGlobal(
      'fetch',
      stubFetch({ 'PUT /core/api/transfers/7': () => json({ message: 'error.seniorApproval' }, 403, headers) })
        .fetchStub,
    );
    const quiet = { method: 'PUT', body: {}, quietMessages: ['error.seniorApproval'] } as const;
    await expect(request('core/api/transfers/7', quiet)).rejects.toMatchObject({ status: 403 });
    expect(signOut).not.toHaveBeenCalled();
    expect(toasts()).toEqual([]);
  });

  it('shows the catalogue toast for a failure, or the call’s own message', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({ 'GET /core/api/clients/9': () => json({ message: 'error.http.404' }, 404) }).fetchStub,
    );
    await expect(request('core/api/clients/9')).rejects.toMatchObject({ status: 404 });
    await expect(request('core/api/clients/9', { errorMessage: 'password.messages.error' })).rejects.toBeTruthy();
    await expect(request('core/api/clients/9', { errorMessage: false })).rejects.toBeTruthy();
    expect(toasts()).toEqual(['Not found', 'An error has occurred! The password could not be changed.']);
  });

  it('a network failure is status 0: server not reachable', async () => {
    vi.stubGlobal('fetch', stubFetch({}).fetchStub);
    await expect(request('api/account')).rejects.toMatchObject({ status: 0 });
    expect(toasts()).toEqual(['Server not reachable']);
  });

  it('shows a success toast from X-App-Alert, and the call’s own success message first', async () => {
    const headers = { [APP_HEADERS.alert]: 'settings.messages.success', [APP_HEADERS.params]: '1' };
    vi.stubGlobal('fetch', stubFetch({ 'POST /api/account': () => json({}, 200, headers) }).fetchStub);
    await request('api/account', { method: 'POST', body: {} });
    await request('api/account', { method: 'POST', body: {}, successMessage: 'password.messages.success' });
    expect(toasts()).toEqual(['Settings saved!', 'Password changed!']);
  });

  it('gives up after 60 s without an answer', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      return new Promise((_, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    });
    let settled: unknown = 'pending';
    const call = request('core/api/transfers').catch((error: unknown) => (settled = error));
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await call;
    expect(settled).toMatchObject({ status: null, message: 'error.timeout' });
    expect(toasts()).toEqual(['The server did not answer in time.']);
  });
});

describe('sign-in and session calls', () => {
  it('authenticate stores the bearer token of the Authorization header for the session', async () => {
    const { fetchStub, calls } = stubFetch({
      'POST /api/authenticate': () => json({ id_token: 'body-jwt' }, 200, { Authorization: 'Bearer header-jwt' }),
    });
    vi.stubGlobal('fetch', fetchStub);
    await authenticate({ username: 'manager', password: 'manager', rememberMe: false });
    expect(JSON.parse(String(calls[0]?.body))).toEqual({ username: 'manager', password: 'manager', rememberMe: false });
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('header-jwt');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('a wrong password (401) is left to the sign-in page: no toast, no sign-out', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({ 'POST /api/authenticate': () => json({ message: 'error.http.401' }, 401) }).fetchStub,
    );
    await expect(authenticate({ username: 'manager', password: 'x', rememberMe: false })).rejects.toMatchObject({
      status: 401,
    });
    expect(toasts()).toEqual([]);
    expect(signOut).not.toHaveBeenCalled();
  });

  it('the session check is silent on 401 and drops the stale token', async () => {
    storeToken('stale', false);
    vi.stubGlobal('fetch', stubFetch({ 'GET /api/account': () => json({ message: 'error.http.401' }, 401) }).fetchStub);
    expect(await fetchSession()).toBeNull();
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(toasts()).toEqual([]);
    expect(signOut).not.toHaveBeenCalled();
  });
});
