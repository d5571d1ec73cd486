// One error handler for the whole API: every failure leaves as application/problem+json
// (DESIGN.md section 2) with X-App-Error headers for business errors, never with a stack trace.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { APP_HEADERS, type FieldError, type Problem } from '@bank/domain';
import { HttpProblem, STATUS_TITLES } from '../problem';
import { isDatabaseUnavailable } from '../db/unavailable';

const PROBLEM_TYPE = 'application/problem+json';

/** Ajv keywords mapped to the constraint names the web app translates. */
const CONSTRAINTS: Record<string, string> = {
  required: 'NotNull',
  minLength: 'Size',
  maxLength: 'Size',
  minItems: 'Size',
  maxItems: 'Size',
  pattern: 'Pattern',
  format: 'Pattern',
  type: 'TypeMismatch',
  enum: 'Enum',
  minimum: 'Min',
  maximum: 'Max',
  additionalProperties: 'Unknown',
};

interface AjvIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

function fieldErrorsOf(error: FastifyError, entity: string | undefined): FieldError[] {
  const issues = (error.validation ?? []) as unknown as AjvIssue[];
  return issues.map((issue) => {
    const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const extra = (issue.params.missingProperty ?? issue.params.additionalProperty) as string | undefined;
    return {
      // A body is the entity it describes (the web maps field errors by entity and field).
      objectName: (error.validationContext === 'body' && entity) || error.validationContext || 'body',
      field: [path, extra].filter(Boolean).join('.') || (error.validationContext ?? 'body'),
      message: CONSTRAINTS[issue.keyword] ?? issue.keyword,
    };
  });
}

/** Database errors that bad input can cause: answered as 4xx, never as 500. */
const DATABASE_CLIENT_ERRORS: Record<string, { status: number; message: string; detail: string }> = {
  '23505': { status: 409, message: 'error.conflict', detail: 'A record with the same unique value already exists' },
  '23503': { status: 409, message: 'error.referenced', detail: 'The record is linked to other records' },
  '22P02': { status: 400, message: 'error.validation', detail: 'A value has the wrong format' },
  '22003': { status: 400, message: 'error.validation', detail: 'A number is out of range' },
  '22007': { status: 400, message: 'error.validation', detail: 'A date has the wrong format' },
  '22008': { status: 400, message: 'error.validation', detail: 'A date is out of range' },
  '22001': { status: 400, message: 'error.validation', detail: 'A value is too long' },
  // Text with a NUL character (U+0000), which PostgreSQL text cannot hold, in a body, path or query.
  '22021': { status: 400, message: 'error.validation', detail: 'A value contains a character that is not allowed' },
  // An instant beyond year 9999 (e.g. `9999-12-31T23:59-23:59` in a criterion) that PostgreSQL cannot store.
  '22009': { status: 400, message: 'error.validation', detail: 'A date is out of range' },
  // The database refuses to change or remove history, audit events and the access log (migration 0013).
  BK001: { status: 409, message: 'error.history', detail: 'History records are never changed or deleted' },
};

/** Seconds a client is told to wait (`Retry-After`) when the database is away. */
export const RETRY_AFTER_SECONDS = 5;

/** When a request last logged the database as unavailable (the log is not flooded during an outage). */
let lastUnavailableWarning = 0;

export function sendProblem(reply: FastifyReply, problem: Problem, appError?: { key: string; params?: string }) {
  if (appError) {
    reply.header(APP_HEADERS.error, appError.key);
    if (appError.params) reply.header(APP_HEADERS.params, appError.params);
  }
  return reply.code(problem.status).type(PROBLEM_TYPE).send(problem);
}

function toProblem(
  error: FastifyError | HttpProblem,
  request: FastifyRequest,
): [Problem, HttpProblem['options']['appError']?] {
  if (error instanceof HttpProblem) {
    const { message, detail, appError, figures } = error.options;
    const entity = request.routeOptions.config?.entity;
    const fieldErrors = error.options.fieldErrors?.map((e) =>
      e.objectName === 'body' && entity ? { ...e, objectName: entity } : e,
    );
    return [
      {
        status: error.status,
        title: error.title,
        message,
        ...(detail ? { detail } : {}),
        ...(fieldErrors ? { fieldErrors } : {}),
        ...(figures ? { figures } : {}),
      },
      appError,
    ];
  }
  if (error.validation) {
    return [
      {
        status: 400,
        title: 'Bad Request',
        detail: 'Some fields are invalid',
        message: 'error.validation',
        fieldErrors: fieldErrorsOf(error, request.routeOptions.config?.entity),
      },
    ];
  }
  if (isDatabaseUnavailable(error)) {
    // The database is away (DESIGN.md section 5): the client is told to come back, never shown a 500.
    // One log line every few seconds, not one per request.
    if (Date.now() - lastUnavailableWarning > 5_000) {
      lastUnavailableWarning = Date.now();
      request.log.warn({ err: error }, 'database unavailable: answering 503');
    }
    return [
      {
        status: 503,
        title: 'Service Unavailable',
        detail: 'The database is unavailable; try again in a few seconds',
        message: 'error.http.503',
      },
    ];
  }
  const code = (error as { code?: string }).code;
  const dbError = code ? DATABASE_CLIENT_ERRORS[code] : undefined;
  if (dbError) {
    return [
      {
        status: dbError.status,
        title: dbError.status === 409 ? 'Conflict' : 'Bad Request',
        detail: dbError.detail,
        message: dbError.message,
      },
    ];
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own client errors (bad JSON, body too large, media type) carry safe messages.
    return [
      { status, title: STATUS_TITLES[status] ?? 'Bad Request', detail: error.message, message: `error.http.${status}` },
    ];
  }
  request.log.error({ err: error }, 'unhandled error');
  return [
    { status: 500, title: 'Internal Server Error', detail: 'An unexpected error occurred', message: 'error.http.500' },
  ];
}

/**
 * Refusals the router makes before any route or error handler runs (a malformed %-escape in the path, a
 * path segment over 100 characters): Fastify's option `frameworkErrors`, so they too leave as problem+json.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 400;
  const known: Record<number, [string, string]> = {
    400: ['Bad Request', 'The address is not valid'],
    414: ['URI Too Long', 'A part of the address is too long'],
  };
  const [title, detail] = known[status] ?? ['Internal Server Error', 'An unexpected error occurred'];
  // Before any hook, so without the API's no-store (plugins/http-edges.ts): set here.
  reply.header('cache-control', 'no-store');
  return sendProblem(reply, { status, title, detail, message: `error.http.${status}` });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpProblem, request, reply) => {
    const [problem, appError] = toProblem(error, request);
    if (problem.status === 503) reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    if (error instanceof HttpProblem && error.options.retryAfterSeconds)
      reply.header('retry-after', String(error.options.retryAfterSeconds));
    return sendProblem(reply, problem, appError);
  });
}
