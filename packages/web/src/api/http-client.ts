// The one door to the server: builds URLs, adds the bearer token, applies the 60 s time-out, tries a lost
// call again until it is answered (DESIGN.md, the retry contract), shows the error catalogue's toasts and
// runs the sign-out handler on 401/403.
import { APP_HEADERS, LOST_STATUSES, retryDelay } from '@bank/domain';
import { markActivity } from './activity';
import { reportAnswered, reportLost, waitToRetry } from './connection';
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
  /** Not tried again when the answer is lost: rejects with status 0 and no toast (a sign-out waits for no server). */
  once?: boolean;
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

const WRITES: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A version 4 UUID; `crypto.randomUUID` exists only on HTTPS and localhost, `getRandomValues` everywhere. */
function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function requestInit(
  options: RequestOptions,
  token: string | null,
  signal: AbortSignal,
  idempotencyKey: string | undefined,
): RequestInit {
  const headers = new Headers({ Accept: 'application/json, application/problem+json, text/plain' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (idempotencyKey) headers.set(APP_HEADERS.idempotencyKey, idempotencyKey);
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

/** Seconds of a Retry-After header, in milliseconds (0 when absent or a date). */
function retryAfterMs(headers: Headers): number {
  const seconds = Number(headers.get('Retry-After'));
  return Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0;
}

/** One try: the answer, or `lost` (with the Retry-After asked) when none came: network error, 502, 503, 504. */
async function attempt<T>(
  path: string,
  options: RequestOptions,
  idempotencyKey: string | undefined,
): Promise<HttpResponse<T> | { lost: number }> {
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
  try {
    let response: Response;
    let body: unknown;
    try {
      const init = requestInit(options, token, controller.signal, idempotencyKey);
      response = await fetch(buildUrl(path, options.query), init);
      body = await readBody(response);
    } catch (cause) {
      // A caller's cancellation (TanStack Query unmounts, new search) is not a failure to report.
      if (options.signal?.aborted && !timedOut) throw cause;
      if (!timedOut) return { lost: 0 };
      throw reportFailure(new HttpError(null, null, null, 'error.timeout'), options, Boolean(token));
    }
    const wanted = options.okStatuses?.includes(response.status) === true;
    if (LOST_STATUSES.has(response.status) && !wanted) return { lost: retryAfterMs(response.headers) };
    reportAnswered();
    if (response.ok || wanted) {
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

/**
 * Calls the server and returns status, headers and parsed body; throws HttpError after showing its toast.
 * A lost answer is not a failure: the call is tried again with back-off, while the connection banner
 * shows, for as long as the page is open or until the caller gives up (its signal).
 * @example const { data } = await request<Account>('api/account', { quietStatuses: [401] })
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<HttpResponse<T>> {
  const idempotencyKey = WRITES.has(options.method ?? 'GET') ? newIdempotencyKey() : undefined;
  // What the server counts as use of the session, the idle warning counts too.
  if (getToken() && !options.background) markActivity();
  for (let tries = 0; ; tries++) {
    const answer = await attempt<T>(path, options, idempotencyKey);
    if (!('lost' in answer)) return answer;
    reportLost();
    if (options.once) throw new HttpError(0);
    await waitToRetry(retryDelay(tries, answer.lost), options.signal);
  }
}

/** `request` for callers that only need the body. */
export async function requestData<T>(path: string, options?: RequestOptions): Promise<T> {
  return (await request<T>(path, options)).data;
}
