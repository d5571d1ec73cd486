// Request validation: bodies are checked strictly (no type coercion, extra fields refused),
// while query strings and path parameters, which are text by nature, are coerced to their types
// (a path id only from decimal digits).
import { Ajv, type AnySchema, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { isDateTimeInput } from '@bank/domain';

function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({
    coerceTypes: coerce ? 'array' : false,
    removeAdditional: false,
    useDefaults: true,
    allErrors: true,
    strict: false,
  });
  addFormats.default(ajv);
  ajv.addFormat('date-time-input', isDateTimeInput);
  return ajv;
}

const strict = makeAjv(false);
const coercing = makeAjv(true);

export function compileValidator(schema: unknown, httpPart: string | undefined) {
  const validate = (httpPart === 'body' ? strict : coercing).compile(schema as AnySchema);
  if (httpPart !== 'params') return validate;
  // A path id is decimal digits: coercion alone would also read "0x10", "1e3", "1.0" or " 1" as numbers.
  const properties = (schema as { properties?: Record<string, { type?: unknown }> }).properties ?? {};
  const integers = Object.keys(properties).filter((name) => properties[name]!.type === 'integer');
  if (integers.length === 0) return validate;
  const checked = Object.assign(
    (data: Record<string, unknown>): boolean => {
      const bad = integers.find((name) => typeof data[name] === 'string' && !/^-?\d{1,16}$/.test(data[name]));
      if (bad) {
        checked.errors = [
          { keyword: 'type', instancePath: `/${bad}`, schemaPath: '#/type', params: { type: 'integer' } },
        ];
        return false;
      }
      const valid = validate(data) as boolean;
      checked.errors = validate.errors ?? null;
      return valid;
    },
    { errors: null as ErrorObject[] | null },
  );
  return checked;
}
