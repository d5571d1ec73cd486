import { APP_HEADERS, TOKEN_STORAGE_KEY } from '@bank/domain';
import { cleanNotifications, notificationsStore } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../test/render';
import { isConnectionLost } from './connection';
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

/** A fetch that fails (network error, or the given answers) `lost` times, then answers 200 with `{ ok: true }`. */
function failingFetch(lost: readonly (() => Response | Promise<never>)[]) {
  const headers: Headers[] = [];
  const fetchStub = async (_url: string, init: RequestInit = {}) => {
    headers.push(new Headers(init.headers));
    const answer = lost[headers.length - 1];
    return answer ? answer() : json({ ok: true });
  };
  return { fetchStub, headers };
}

const networkError = () => Promise.reject(new TypeError('Failed to fetch'));

describe('lost answers (the retry contract)', () => {
  beforeEach(() => vi.useFakeTimers());

  it('tries a GET again after network errors, 502, 503 and 504, with back-off, until it is answered', async () => {
    const { fetchStub, headers } = failingFetch([
      networkError,
      () => json({}, 502),
      () => json({}, 503),
      () => json({}, 504),
    ]);
    vi.stubGlobal('fetch', fetchStub);
    let data: unknown = 'pending';
    const call = request('api/account').then((answer) => (data = answer.data));
    await vi.advanceTimersByTimeAsync(0);
    expect(headers).toHaveLength(1);
    expect(isConnectionLost()).toBe(true);
    // The first wait is at most 1.2 s, the second at least 1.6 s.
    await vi.advanceTimersByTimeAsync(1200);
    expect(headers).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1100);
    expect(headers).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(30_000);
    await call;
    expect(headers).toHaveLength(5);
    expect(data).toEqual({ ok: true });
    expect(headers[0]?.has(APP_HEADERS.idempotencyKey)).toBe(false);
    // Answered: the banner goes, and nothing was told as a failure.
    expect(isConnectionLost()).toBe(false);
    expect(toasts()).toEqual([]);
  });

  it('sends every write with one Idempotency-Key, the same on each try, another for the next write', async () => {
    const { fetchStub, headers } = failingFetch([networkError, () => json({}, 503, { 'Retry-After': '3' })]);
    vi.stubGlobal('fetch', fetchStub);
    const first = request('core/api/card-orders/7', { method: 'PUT', body: { id: 7 } });
    // The second try, within 1.2 s, gets Retry-After: 3, waited in full where the back-off waits 2.4 s at most.
    await vi.advanceTimersByTimeAsync(1200);
    expect(headers).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(2500);
    expect(headers).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(600);
    await first;
    await request('core/api/card-orders', { method: 'POST', body: {} });
    const keys = headers.map((each) => each.get(APP_HEADERS.idempotencyKey));
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(keys.slice(0, 3)).toEqual([keys[0], keys[0], keys[0]]);
    expect(keys[3]).not.toBe(keys[0]);
  });

  it('tries again at once when the browser comes back online', async () => {
    const { fetchStub, headers } = failingFetch([networkError, networkError, networkError]);
    vi.stubGlobal('fetch', fetchStub);
    const call = request('api/account');
    // The second try within 1.2 s, the third not before 2.4 s.
    await vi.advanceTimersByTimeAsync(1200);
    expect(headers).toHaveLength(2);
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(headers).toHaveLength(3);
    window.dispatchEvent(new Event('online'));
    await call;
    expect(headers).toHaveLength(4);
  });

  it('stops trying when the caller gives up, and takes other statuses as final', async () => {
    vi.stubGlobal('fetch', failingFetch([networkError, networkError]).fetchStub);
    const controller = new AbortController();
    const call = request('api/account', { signal: controller.signal }).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(0);
    controller.abort(new DOMException('left', 'AbortError'));
    expect(await call).toMatchObject({ name: 'AbortError' });
    expect(toasts()).toEqual([]);
    // A 503 the caller reads (health's report) is an answer, like a 409 or a 500.
    vi.stubGlobal('fetch', failingFetch([() => json({ status: 'DOWN' }, 503)]).fetchStub);
    expect((await request('management/health', { okStatuses: [503] })).data).toEqual({ status: 'DOWN' });
    vi.stubGlobal('fetch', failingFetch([() => json({ message: 'error.http.500' }, 500)]).fetchStub);
    await expect(request('api/account')).rejects.toMatchObject({ status: 500 });
    // A call that waits for no server (the sign-out) gives up at the first lost answer, without a toast.
    const { fetchStub, headers } = failingFetch([networkError]);
    vi.stubGlobal('fetch', fetchStub);
    await expect(request('api/logout', { method: 'POST', errorMessage: false, once: true })).rejects.toMatchObject({
      status: 0,
    });
    expect(headers).toHaveLength(1);
    expect(toasts()).toEqual(['Internal server error.']);
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
