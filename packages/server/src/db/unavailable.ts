// Which database errors mean "the database is away or changing hands" (a restart, a fail-over) rather
// than "the request is wrong": answered 503 with Retry-After (plugins/errors.ts), and the connection that
// saw one is not handed to the next request (database.ts).

/** Node socket error codes of a database that cannot be reached or dropped the connection. */
const SOCKET_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** What the pg driver and its pool say when a connection is lost, or cannot be had in time. */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];

/**
 * SQLSTATEs of a database that is going away or cannot take the request now: administrator, crash and
 * start-up shutdowns (57P01, 57P02, 57P03), too many connections (53300), a statement cancelled by a
 * time-out or an administrator (57014), and a write on a read-only server (25006: a primary demoted by a
 * fail-over, or restarted read-only until its manager promotes it again).
 */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '25006']);

/**
 * True when `error` says PostgreSQL is away rather than that the request is wrong: SQLSTATE class 08
 * (connection exception), one of UNAVAILABLE_STATES, a socket error, or the driver's own words for a lost connection. Its
 * `cause` and, for an AggregateError (each address of a host refused), its errors are looked at too.
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  const { code, syscall } = error as { code?: unknown; syscall?: unknown };
  if (typeof code === 'string') {
    if (/^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_STATES.has(code)) return true;
    if (SOCKET_ERRORS.has(code) || syscall === 'connect') return true;
  }
  if (CONNECTION_MESSAGES.includes(error.message)) return true;
  if (error instanceof AggregateError && error.errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}
