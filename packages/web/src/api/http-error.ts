// A failed call as the error catalogue reads it: the status (0 when the server is unreachable,
// null when no answer came, e.g. the time-out), the answer's headers and its parsed body.

export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly status: number | null,
    readonly headers: Headers | null = null,
    readonly body: unknown = null,
    message = status === null ? 'error.unknown' : `HTTP ${status}`,
  ) {
    super(message);
  }
}

export function isHttpError(error: unknown, status?: number): error is HttpError {
  return error instanceof HttpError && (status === undefined || error.status === status);
}

/** The problem key of a failed answer (its body's `message`, e.g. `error.makerChecker`), if it has one. */
export function problemKey(error: unknown): string | undefined {
  const message = error instanceof HttpError ? (error.body as { message?: unknown } | null)?.message : undefined;
  return typeof message === 'string' ? message : undefined;
}
