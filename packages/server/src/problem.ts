// Business errors thrown by routes and services; the error plugin turns them into problem+json.
import type { FieldError } from '@bank/domain';

export interface ProblemOptions {
  /** i18n key shown by the web app, e.g. `error.idexists`. */
  message: string;
  title?: string;
  detail?: string;
  /** Sets X-App-Error / X-App-Params so the web app can translate the key with the entity name. */
  appError?: { key: string; params?: string };
  fieldErrors?: FieldError[];
  /** The figures the refusal is about (what an account has available): part of the answer. */
  figures?: Record<string, string>;
  /** Sent as `Retry-After`: the refusal is temporary (a request with the same key still running). */
  retryAfterSeconds?: number;
}

export const STATUS_TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
};

export class HttpProblem extends Error {
  readonly status: number;
  readonly options: ProblemOptions;

  constructor(status: number, options: ProblemOptions) {
    super(options.detail ?? options.message);
    this.status = status;
    this.options = options;
  }

  get title(): string {
    return this.options.title ?? STATUS_TITLES[this.status] ?? 'Error';
  }
}

export const unauthorized = (detail = 'Full authentication is required to access this resource') =>
  new HttpProblem(401, { message: 'error.http.401', detail });

export const forbidden = (detail = 'Access is denied') => new HttpProblem(403, { message: 'error.http.403', detail });

export const notFound = (detail = 'The requested resource was not found') =>
  new HttpProblem(404, { message: 'error.url.not.found', detail });

export const badRequest = (message: string, detail?: string, fieldErrors?: FieldError[]) =>
  new HttpProblem(400, { message, ...(detail ? { detail } : {}), ...(fieldErrors ? { fieldErrors } : {}) });
