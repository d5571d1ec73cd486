// The error contract shared by server and web (DESIGN.md section 2): problem+json body and X-App-* headers.

export interface FieldError {
  objectName: string;
  field: string;
  message: string;
}

export interface Problem {
  type?: string;
  status: number;
  title: string;
  detail?: string;
  /** An i18n key such as `error.validation`. */
  message: string;
  params?: string;
  fieldErrors?: FieldError[];
  /** The figures a business refusal is about (what an account has available), as exact strings. */
  figures?: Record<string, string>;
}

export const APP_HEADERS = {
  alert: 'x-app-alert',
  error: 'x-app-error',
  params: 'x-app-params',
  totalCount: 'x-total-count',
  /** `false` when X-Total-Count is a lower bound (a broad filter counted up to a cap). */
  totalCountExact: 'x-total-count-exact',
  /**
   * Sent by the web app on the calls it makes by itself (periodic refreshes, heartbeats): served, but
   * not counted as use of the session, so that a screen left open still ends it after the idle limit.
   */
  background: 'x-background-request',
  /** A write's key (docs/api.md#retries-and-idempotency-key): the same on every retry of one write. */
  idempotencyKey: 'idempotency-key',
  /** On an answer given again to a retried write, without writing. */
  idempotentReplayed: 'idempotent-replayed',
} as const;

/** The session token's storage key (spec part 1 section 9). */
export const TOKEN_STORAGE_KEY = 'jhi-authenticationToken';
