// Request validation derived from entity declarations: a JSON Schema per entity body (compiled by
// the server) and a per-value check with the same rules (used by the web forms).
import type { Entity, Field } from '../define';
import { ENUMS } from '../enums';
import { MAX_IMAGE_BYTES, type FieldKind } from '../kinds';

type JsonSchema = Record<string, unknown>;

/** Largest base64 text of an image of MAX_IMAGE_BYTES. */
const MAX_IMAGE_BASE64 = Math.ceil(MAX_IMAGE_BYTES / 3) * 4;
const DECIMAL_TEXT = '^-?\\d{1,18}(\\.\\d{1,8})?$';
// Money is whole XOF (the franc has no coin below it): no decimal point at all, so "12.00" is refused
// like "12.50" rather than read as whole; a fraction is refused, never rounded.
const MONEY_TEXT = '^-?\\d{1,18}$';
const UNSIGNED_MONEY_TEXT = '^\\d{1,18}$';
/** Above zero: at least one non-zero digit, no sign. */
const POSITIVE_MONEY_TEXT = '^(?=\\d*[1-9])\\d{1,18}$';
const INT32 = { minimum: -2147483648, maximum: 2147483647 };
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(:(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** A calendar date that exists (no 30 February). */
export function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * ISO-8601 instants and the forms' local date-time (YYYY-MM-DD HH:mm, read as Dakar time, UTC).
 * Registered as the `date-time-input` format of the server's validator.
 */
export function isDateTimeInput(text: string): boolean {
  const m = DATE_TIME.exec(text);
  if (!m) return false;
  const [hour, minute, second] = [Number(m[4]), Number(m[5]), Number(m[7] ?? 0)];
  return isRealDate(Number(m[1]), Number(m[2]), Number(m[3])) && hour < 24 && minute < 60 && second < 60;
}

const text = (field: Field): JsonSchema => ({ type: 'string', maxLength: field.maxLength });
const number =
  (pattern: string) =>
  (field: Field): JsonSchema => ({
    type: ['number', 'string'],
    pattern,
    ...(field.min !== undefined ? { minimum: field.min } : {}),
    maximum: field.max ?? 1e18,
  });

/** The schema of a field's value (without null; nullability is added by the entity schema). */
export const VALUE_SCHEMA = {
  text,
  longText: text,
  email: text,
  phone: text,
  rib: text,
  secret: text,
  int: (field) => ({ type: 'integer', minimum: field.min ?? INT32.minimum, maximum: field.max ?? INT32.maximum }),
  decimal: number(DECIMAL_TEXT),
  // An amount that must be above zero refuses zero and a sign; one with a floor of 0 refuses a sign. The
  // pattern reads amounts sent as text, `multipleOf` those sent as JSON numbers (0.001, 12.5).
  money: (field) => ({
    ...(field.positive
      ? { ...number(POSITIVE_MONEY_TEXT)(field), exclusiveMinimum: 0 }
      : number(field.min !== undefined && field.min >= 0 ? UNSIGNED_MONEY_TEXT : MONEY_TEXT)(field)),
    multipleOf: 1,
  }),
  bool: () => ({ type: 'boolean' }),
  date: () => ({ type: 'string', format: 'date' }),
  dateTime: () => ({ type: 'string', format: 'date-time-input' }),
  enum: (field) => ({ type: 'string', enum: [...ENUMS[field.enum!].values] }),
  ref: (field) =>
    field.refShape === 'object'
      ? { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } }
      : { type: 'integer', minimum: 1 },
  refs: () => ({
    type: 'array',
    maxItems: 200,
    items: { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } },
  }),
  image: () => ({ type: 'string', maxLength: MAX_IMAGE_BASE64, contentEncoding: 'base64' }),
} as const satisfies Record<FieldKind, (field: Field) => JsonSchema>;

function nullable(schema: JsonSchema): JsonSchema {
  const type = schema.type;
  if (Array.isArray(type)) return { ...schema, type: [...type, 'null'] };
  if (typeof type === 'string')
    return { ...schema, type: [type, 'null'], ...(schema.enum ? { enum: [...(schema.enum as unknown[]), null] } : {}) };
  return schema;
}

/**
 * JSON Schema of a create or update body. Unknown properties are refused; `id` and `version`
 * are allowed (their rules are checked by the service: no id on create, same id on update). An update
 * is merged over the record, so it may leave out a required field, never empty it.
 */
export function entityBodySchema(entity: Entity, action: 'create' | 'update' = 'create'): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    id: { type: ['integer', 'null'] },
    version: { type: ['integer', 'null'], minimum: 0 },
  };
  const required: string[] = [];
  for (const field of entity.fields) {
    let schema: JsonSchema = VALUE_SCHEMA[field.kind](field);
    if (field.required) {
      if (action === 'create') required.push(field.name);
      if (schema.type === 'string') schema = { ...schema, minLength: 1 };
    } else {
      schema = nullable(schema);
    }
    properties[field.name] = schema;
    if (field.kind === 'image') properties[`${field.name}ContentType`] = { type: ['string', 'null'], maxLength: 100 };
  }
  // Joined fields are read-only: clients may send back what they read, and the server ignores it.
  for (const name of Object.keys(entity.joined)) {
    properties[name] = {};
    properties[`${name}ContentType`] = {};
  }
  return { type: 'object', additionalProperties: false, required, properties };
}

/**
 * The spec's rule (part 1 §5): a nested object whose id is empty or -1 is dropped before saving.
 * Applied to ref values of both shapes, so `branchId: -1` and `beneficiary: { id: '' }` mean none.
 */
export function dropEmptyRefs(entity: Entity, body: Record<string, unknown>): void {
  for (const field of entity.fields) {
    if (field.kind !== 'ref' || !(field.name in body)) continue;
    const value = body[field.name];
    if (Array.isArray(value)) continue; // not a link of either shape: left for validation to refuse
    const id = value !== null && typeof value === 'object' ? (value as { id?: unknown }).id : value;
    if (id === '' || id === -1 || id === '-1' || id === undefined) body[field.name] = null;
  }
}
