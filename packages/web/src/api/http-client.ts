// The one door to the server: builds URLs, adds the bearer token, applies the 60 s time-out,
// shows the error catalogue's toasts and runs the sign-out handler on 401/403.
import { APP_HEADERS } from '@bank/domain';
import { markActivity } from './activity';
import { HttpError, problemKey } from './http-error';
import type { FailureContext } from './error-catalogue';
import { notifyFailure, notifySuccess } from './notify';
import { getToken } from './token-storage';

/** Spec part 1 section 9. */
export const HTTP_TIMEOUT_MS = 60_000;

type QueryValue = string | number | boolean | null | undefined;
export type Query = Record<string, QueryValue | readonly QueryValue[]>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  /** Sent as JSON, or as plain text when a string. */
  body?: unknown;
  signal?: AbortSignal;
  /** This call's own error toast (an i18n key, wins over the catalogue); false: no toast. */
  errorMessage?: string | false;
  /** This call's own success toast (an i18n key, wins over the X-App-Alert header), or one read off the answer. */
  successMessage?: string | ((body: unknown) => string);
  /** Statuses the caller handles itself: no toast, no sign-out (the session check's 401). */
  quietStatuses?: readonly number[];
  /** Problem keys (the answer's `message`) the caller tells itself, beside its form: no toast, no sign-out. */
  quietMessages?: readonly string[];
  /** Statuses that still carry the answer (health's 503 holds the report). */
  okStatuses?: readonly number[];
  /** What the body was about: names its fields in 'Error on field' toasts when the server says only 'body'. */
  errorContext?: FailureContext;
  /** Made by the app itself (a periodic refresh): does not count as use of the session. */
  background?: boolean;
  /** Sent even when the page is going away (a closing tab): fetch's keepalive, which carries the token. */
  keepalive?: boolean;
}

export interface HttpResponse<T> {
  status: number;
  headers: Headers;
  data: T;
}

type UnauthenticatedHandler = (status: 401 | 403) => void;
let unauthenticatedHandler: UnauthenticatedHandler | null = null;

/** The app's sign-out, run when a call made with a token answers 401 or 403. */
export function setUnauthenticatedHandler(handler: UnauthenticatedHandler | null): void {
  unauthenticatedHandler = handler;
}

/** @example buildUrl('api/users', { page: 0, sort: ['id,asc'] }) === '/api/users?page=0&sort=id%2Casc' */
export function buildUrl(path: string, query?: Query): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values)
      if (item !== undefined && item !== null && item !== '') search.append(name, String(item));
  }
  const text = search.toString();
  return `${import.meta.env.BASE_URL}${path.replace(/^\//, '')}${text ? `?${text}` : ''}`;
}

function requestInit(options: RequestOptions, token: string | null, signal: AbortSignal): RequestInit {
  const headers = new Headers({ Accept: 'application/json, application/problem+json, text/plain' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (options.background) headers.set(APP_HEADERS.background, '1');
  let body: string | undefined;
  if (typeof options.body === 'string') {
    headers.set('Content-Type', 'text/plain;charset=UTF-8');
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  return { method: options.method ?? 'GET', headers, body, signal, keepalive: options.keepalive };
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  if (/json/i.test(response.headers.get('Content-Type') ?? '')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function reportFailure(error: HttpError, options: RequestOptions, hadToken: boolean): HttpError {
  if (error.status !== null && options.quietStatuses?.includes(error.status)) return error;
  const key = problemKey(error);
  if (key && options.quietMessages?.includes(key)) return error;
  // A 403 naming a business rule (X-App-Error: maker-checker, senior approval) refuses this one action, not the session.
  const refusal = error.status === 403 && error.headers?.has(APP_HEADERS.error) === true;
  if ((error.status === 401 || (error.status === 403 && !refusal)) && hadToken) unauthenticatedHandler?.(error.status);
  // A 401 is told by the sign-out handler (login.error.unauthorized on the sign-in page), not by a toast.
  if (options.errorMessage !== false && error.status !== 401)
    notifyFailure(error, options.errorMessage, options.errorContext);
  return error;
}

/**
 * Calls the server and returns status, headers and parsed body; throws HttpError after showing its toast.
 * @example const { data } = await request<Account>('api/account', { quietStatuses: [401] })
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<HttpResponse<T>> {
  const token = getToken();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, HTTP_TIMEOUT_MS);
  const cancel = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) cancel();
  options.signal?.addEventListener('abort', cancel);
  // What the server counts as use of the session, the idle warning counts too.
  if (token && !options.background) markActivity();
  try {
    let response: Response;
    let body: unknown;
    try {
      response = await fetch(buildUrl(path, options.query), requestInit(options, token, controller.signal));
      body = await readBody(response);
    } catch (cause) {
      // A caller's cancellation (TanStack Query unmounts, new search) is not a failure to report.
      if (options.signal?.aborted && !timedOut) throw cause;
      const error = timedOut ? new HttpError(null, null, null, 'error.timeout') : new HttpError(0);
      throw reportFailure(error, options, Boolean(token));
    }
    if (response.ok || options.okStatuses?.includes(response.status)) {
      const success = options.successMessage;
      if (response.ok) notifySuccess(response.headers, typeof success === 'function' ? success(body) : success);
      return { status: response.status, headers: response.headers, data: body as T };
    }
    throw reportFailure(new HttpError(response.status, response.headers, body), options, Boolean(token));
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', cancel);
  }
}

/** `request` for callers that only need the body. */
export async function requestData<T>(path: string, options?: RequestOptions): Promise<T> {
  return (await request<T>(path, options)).data;
}
