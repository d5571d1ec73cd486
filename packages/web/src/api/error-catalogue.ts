// The error catalogue (spec part 1 section 8): what a failed or successful call tells the user.
// Pure functions over the answer; the http client shows their result as toasts.
import { APP_HEADERS, formatXof, type FieldError } from '@bank/domain';
import { HttpError } from './http-error';

/** The part of an i18next instance the catalogue needs. */
export interface Translator {
  t(key: string, options?: Record<string, unknown>): string;
  exists(key: string): boolean;
}

type Params = Record<string, unknown>;

/** What a failed call was about, when its answer does not say (validation errors name `body`). */
export interface FailureContext {
  /** The entity whose body was sent: its field labels name the fields in error. */
  entity?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Translates `text` when it is a known key, else shows it as it came (raw server text). */
function translate(i18n: Translator, text: string, params?: Params): string {
  return i18n.exists(text) ? i18n.t(text, params) : text;
}

/** Header params travel URL-encoded ('+' for spaces), as JHipster's HeaderUtil sends them. */
function decodeParam(value: string | null): string | undefined {
  if (value === null) return undefined;
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

function paramsOf(value: unknown): Params {
  if (isRecord(value)) return value;
  if (value === undefined || value === null) return {};
  return { param: value, params: value };
}

/**
 * The figures a business refusal is about (problem+json `figures`) as message values: amounts in XOF, other
 * words as they came; a `period` also picks the message's context (`error.limitExceeded_day`).
 * @example figureValues({ figures: { available: '25000' } }) → { available: '25 000 XOF' }
 */
export function figureValues(body: unknown): Params {
  const figures = isRecord(body) && isRecord(body.figures) ? body.figures : {};
  const values: Params = Object.fromEntries(
    Object.entries(figures).map(([name, value]) => [
      name,
      /^-?\d+$/.test(String(value)) ? formatXof(String(value)) : value,
    ]),
  );
  return typeof figures.period === 'string' ? { ...values, context: figures.period } : values;
}

/** The body's message (an i18n key, with its params and figures), else its detail or title, else a raw text body. */
function responseMessage(i18n: Translator, body: unknown): string | null {
  if (typeof body === 'string') return body.trim() === '' ? null : body;
  if (!isRecord(body)) return null;
  for (const field of ['message', 'detail', 'title', 'error'] as const) {
    const value = body[field];
    if (typeof value === 'string' && value.trim() !== '')
      return translate(i18n, value, { ...paramsOf(body.params), ...figureValues(body) });
  }
  return null;
}

/** A label from the catalogue, or the raw name when the catalogue has none. */
function label(i18n: Translator, key: string, fallback: string): string {
  return i18n.exists(key) ? i18n.t(key) : fallback;
}

function entityName(i18n: Translator, entity: string | undefined): string {
  return entity ? label(i18n, `entities.${entity}.name`, entity) : '';
}

function fieldName(i18n: Translator, error: FieldError, context: FailureContext): string {
  // 'lines[3].amount' → 'lines[].amount': one label per field, whatever the index.
  const field = error.field.replace(/\[\d*\]/g, '[]');
  const own = `entities.${error.objectName}.fields.${field}`;
  // Schema errors come as `body.price` or `body.serenityServices.0.id`: the context's entity names them.
  const base = field.split(/[.[]/)[0]!.replace(/ContentType$/, '');
  const fromContext = context.entity ? `entities.${context.entity}.fields.${base}` : own;
  return label(i18n, i18n.exists(own) ? own : fromContext, field);
}

function badRequest(i18n: Translator, error: HttpError, context: FailureContext): string[] {
  const appError = error.headers?.get(APP_HEADERS.error);
  if (appError) {
    const entity = decodeParam(error.headers?.get(APP_HEADERS.params) ?? null);
    return [translate(i18n, appError, { entityName: entityName(i18n, entity), ...figureValues(error.body) })];
  }
  const fieldErrors = isRecord(error.body) ? error.body.fieldErrors : undefined;
  if (Array.isArray(fieldErrors) && fieldErrors.length > 0) {
    return (fieldErrors as FieldError[]).map((fieldError) =>
      i18n.t('error.field', { fieldName: fieldName(i18n, fieldError, context) }),
    );
  }
  return [responseMessage(i18n, error.body) ?? i18n.t('error.unknown')];
}

/**
 * The toast texts for a failed call; `ownMessage` (an i18n key) is the call's own and wins.
 * @example describeFailure(new HttpError(404), i18n) → ['Not found']
 */
export function describeFailure(
  error: unknown,
  i18n: Translator,
  ownMessage?: string,
  context: FailureContext = {},
): string[] {
  if (ownMessage) return [translate(i18n, ownMessage)];
  if (!(error instanceof HttpError) || error.status === null) {
    const message = error instanceof Error ? error.message : '';
    return [message ? translate(i18n, message) : i18n.t('error.unknown')];
  }
  switch (error.status) {
    case 0:
      return [i18n.t('error.server.not.reachable')];
    case 400:
      return badRequest(i18n, error, context);
    case 404:
      return [i18n.t('error.url.not.found')];
    default:
      return [responseMessage(i18n, error.body) ?? i18n.t('error.unknown')];
  }
}

/**
 * Params `<entityName>,<id>` (the generic routes' alerts) also give `entity` (its translated name),
 * `id`, and the name's grammatical gender as i18next context (« Branche créée »).
 */
function alertParams(i18n: Translator, param: string): Params {
  const [name = '', id = '', ...rest] = param.split(',');
  if (rest.length > 0 || !i18n.exists(`entities.${name}.name`)) return { param };
  const gender = i18n.exists(`entities.${name}.gender`) ? i18n.t(`entities.${name}.gender`) : '';
  return { param, entity: entityName(i18n, name), id, ...(gender ? { context: gender } : {}) };
}

/**
 * The success toast for an answer, or null: the call's own message wins, else the X-App-Alert
 * header translated with X-App-Params as `param`.
 * @example X-App-Alert entity.created, X-App-Params branch,12 → « Branche créée (n° 12) »
 */
export function describeSuccess(headers: Headers | null, i18n: Translator, ownMessage?: string): string | null {
  if (ownMessage) return translate(i18n, ownMessage);
  const alert = headers?.get(APP_HEADERS.alert);
  if (!alert) return null;
  return translate(i18n, alert, alertParams(i18n, decodeParam(headers?.get(APP_HEADERS.params) ?? null) ?? ''));
}
