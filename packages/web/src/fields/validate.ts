// Client validation with the server's own rules: each value is checked against the domain's
// VALUE_SCHEMA for its kind (the schema the server compiles), and server field errors are mapped back.
import { isDateTimeInput, isRealDate, VALUE_SCHEMA, type Entity, type Field } from '@bank/domain';
import { codecOf } from './codecs';
import type { FormValue, FormValues, Message } from './types';

type Schema = {
  type?: string | string[];
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  multipleOf?: number;
  enum?: readonly unknown[];
  properties?: Record<string, Schema>;
};

/** The generic message of each broken rule (a kind may name it better, see Codec.messages). */
const RULE_MESSAGES: Record<string, string> = {
  required: 'entity.validation.required',
  maxLength: 'entity.validation.maxlength',
  maxItems: 'entity.validation.maxlength',
  pattern: 'entity.validation.pattern',
  format: 'entity.validation.pattern',
  enum: 'entity.validation.pattern',
  type: 'entity.validation.pattern',
  minimum: 'entity.validation.min',
  maximum: 'entity.validation.max',
  multipleOf: 'entity.validation.number',
};

const FORMATS: Record<string, (text: string) => boolean> = {
  date: (text) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
    return m !== null && isRealDate(Number(m[1]), Number(m[2]), Number(m[3]));
  },
  'date-time-input': isDateTimeInput,
};

function typeOf(value: unknown): string {
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The first rule of `schema` that `value` breaks, with the values its message needs. */
function brokenRule(schema: Schema, value: unknown): [string, Record<string, unknown>?] | null {
  const types = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = typeOf(value);
  if (types.length > 0 && !types.includes(type) && !(type === 'integer' && types.includes('number'))) return ['type'];
  if (schema.enum && !schema.enum.includes(value)) return ['enum'];
  // Amounts travel as strings: their bounds are checked on the number they spell, before the pattern
  // (whose sign rule would only say "not a number" for an amount below its floor).
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  if (Number.isFinite(number)) {
    if (schema.minimum !== undefined && number < schema.minimum) return ['minimum', { min: schema.minimum }];
    if (schema.maximum !== undefined && number > schema.maximum) return ['maximum', { max: schema.maximum }];
  }
  if (typeof value === 'number' && schema.multipleOf !== undefined && value % schema.multipleOf !== 0)
    return ['multipleOf'];
  if (typeof value === 'string') {
    if (schema.maxLength !== undefined && value.length > schema.maxLength)
      return ['maxLength', { max: schema.maxLength }];
    if (schema.pattern !== undefined && !new RegExp(schema.pattern).test(value)) return ['pattern'];
    if (schema.format !== undefined && FORMATS[schema.format] && !FORMATS[schema.format]!(value)) return ['format'];
  }
  if (Array.isArray(value) && schema.maxItems !== undefined && value.length > schema.maxItems)
    return ['maxItems', { max: schema.maxItems }];
  return null;
}

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/**
 * The message for a field's form value, or null when the server would accept it.
 * @example validateValue(pack.field('price')!, '12,5x') → { key: 'entity.validation.number' }
 */
export function validateValue(field: Field, formValue: FormValue): Message | null {
  const codec = codecOf(field);
  const message = (rule: string, values?: Record<string, unknown>): Message => ({
    key: codec.messages?.[rule] ?? RULE_MESSAGES[rule] ?? 'entity.validation.invalid',
    ...(values ? { values } : {}),
  });
  const value = codec.write(field, formValue)[field.name];
  if (isEmpty(value)) return field.required ? message('required') : null;
  const own = codec.check?.(formValue);
  if (own) return message(own);
  const broken = brokenRule(VALUE_SCHEMA[field.kind](field) as Schema, value);
  return broken ? message(...broken) : null;
}

/** Every sent field's message (`sent`: the fields the form writes); an empty object when the form can be sent. */
export function validateValues(
  entity: Entity,
  values: FormValues,
  sent: (field: Field) => boolean = (field) => !field.readOnly,
): Record<string, Message> {
  const errors: Record<string, Message> = {};
  for (const field of entity.fields) {
    const error = sent(field) ? validateValue(field, values[field.name]!) : null;
    if (error) errors[field.name] = error;
  }
  return errors;
}

/** The server's constraint codes (problem+json fieldErrors) as form messages; Min/Max are a size error (spec part 1 §5). */
const SERVER_MESSAGES: Record<string, string> = {
  NotNull: 'entity.validation.required',
  NotBlank: 'entity.validation.required',
  Size: 'entity.validation.size',
  Min: 'entity.validation.size',
  Max: 'entity.validation.size',
  DecimalMin: 'entity.validation.size',
  DecimalMax: 'entity.validation.size',
  Pattern: 'entity.validation.pattern',
  TypeMismatch: 'entity.validation.pattern',
  Enum: 'entity.validation.pattern',
  Unique: 'entity.validation.unique',
  NotFound: 'entity.validation.notFound',
  Image: 'entity.validation.image',
  // The books' refusals: their messages say what the account or the filer's limit still allows.
  InsufficientFunds: 'entity.validation.insufficientFunds',
  LimitExceeded: 'entity.validation.limitExceeded',
  SameAccount: 'entity.validation.sameAccount',
};

export interface ServerFieldError {
  field: string;
  message: string;
}

/**
 * Server field errors placed on the entity's fields (`price`, `pictureContentType` → picture,
 * `serenityServices.0.id` → serenityServices); those naming no field are returned apart. `values`: the
 * refusal's figures, for the messages that name them (what is available).
 */
export function mapServerErrors(
  entity: Entity,
  fieldErrors: readonly ServerFieldError[],
  values?: Record<string, unknown>,
): { errors: Record<string, Message>; unplaced: Message[] } {
  const errors: Record<string, Message> = {};
  const unplaced: Message[] = [];
  for (const { field, message } of fieldErrors) {
    const name = field.split(/[.[]/)[0]!.replace(/ContentType$/, '');
    const text: Message = {
      key: SERVER_MESSAGES[message] ?? 'entity.validation.invalid',
      ...(values ? { values } : {}),
    };
    if (entity.field(name)) errors[name] ??= text;
    else unplaced.push(text);
  }
  return { errors, unplaced };
}
