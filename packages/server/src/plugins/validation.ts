// Request validation: bodies are checked strictly (no type coercion, extra fields refused),
// while query strings and path parameters, which are text by nature, are coerced to their types.
import { Ajv, type AnySchema } from 'ajv';
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
  return (httpPart === 'body' ? strict : coercing).compile(schema as AnySchema);
}
