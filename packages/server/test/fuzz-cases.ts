// Bad inputs built with fast-check from a route's JSON schema: every body, path id and query parameter
// made here breaks a rule of the route (type, required field, extra field, enum, range, date, format...).
import fc from 'fast-check';
import type { Entity, Field, FieldKind } from '@bank/domain';

export interface Schema {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  contentEncoding?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
}

const isNullSchema = (s: Schema) => s.nullable === true && s.enum?.length === 1 && s.enum[0] === null;

/** OpenAPI 3.0 as @fastify/swagger writes it (nullable, anyOf, format byte) back to plain JSON Schema. */
export function fromOpenApi(s: Schema): Schema {
  if (isNullSchema(s)) return { type: 'null' };
  if (s.anyOf) {
    const { anyOf, ...rest } = s;
    const types = anyOf.flatMap((x) => (isNullSchema(x) ? ['null'] : [x.type ?? []].flat()));
    return fromOpenApi({ ...rest, type: types });
  }
  const out: Schema = { ...s };
  if (s.nullable) {
    out.type = [...[s.type ?? []].flat(), 'null'];
    delete out.nullable;
  }
  if (s.format === 'byte') {
    delete out.format;
    out.contentEncoding = 'base64';
  }
  if (s.properties)
    out.properties = Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, fromOpenApi(v)]));
  if (s.items) out.items = fromOpenApi(s.items);
  return out;
}

const typesOf = (s: Schema): string[] | undefined => (s.type === undefined ? undefined : [s.type].flat());

function jsonTypes(value: unknown): string[] {
  if (value === null) return ['null'];
  if (Array.isArray(value)) return ['array'];
  if (typeof value === 'number') return Number.isInteger(value) ? ['integer', 'number'] : ['number'];
  return [typeof value];
}

const isPlainObject = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);
const isObjectSchema = (s: Schema) => Boolean(s.properties) && (typesOf(s) ?? ['object']).includes('object');

/** Values of every JSON type; a field gets those its schema does not allow. No '' or -1: they mean "no link". */
const TYPED_VALUES: unknown[] = [null, true, false, 7, 1.5, -3, 'texte', [], [1], {}, { a: 1 }];

export const IMPOSSIBLE_DATES = [
  '2026-02-30',
  '2025-02-29',
  '2026-13-01',
  '2026-00-10',
  '2026-04-31',
  '26-01-01',
  'hier',
];
export const IMPOSSIBLE_DATE_TIMES = [
  '2026-02-30T10:00:00Z',
  '2026-01-01T24:00',
  '2026-01-01 10:60',
  '2026-13-45 10:00',
  '0000-01-01T00:00Z',
  'demain',
  '2026-01-01T10:00:00+99',
];
const PATTERN_BREAKERS = ['beaucoup', '12.345', '1,5', '1e5', '--1', ' 12', 'NaN', 'Infinity', '١٢', '   ', '<b>'];
const NOT_EMAILS = ['pas une adresse', 'a@@exemple.sn', '@exemple.sn', 'a b@exemple.sn'];

/** Base64 text whose bytes are not a PNG, JPEG, GIF or WebP image. */
const notAnImage = fc
  .uint8Array({ maxLength: 48 })
  .map((bytes) => Buffer.concat([Buffer.from('ceci n’est pas une image'), bytes]).toString('base64'));

/** Values that `s` refuses. `isRef`: a link field, where an object without id, '' and -1 mean "none". */
export function badValues(s: Schema, isRef = false): Array<fc.Arbitrary<unknown>> {
  const arbs: Array<fc.Arbitrary<unknown>> = [];
  const types = typesOf(s);
  if (types) {
    // dropEmptyRefs (domain) turns an object without an id into "no link" before validation.
    const wrong = TYPED_VALUES.filter(
      (v) =>
        !jsonTypes(v).some((t) => types.includes(t)) &&
        !(isRef && v !== null && typeof v === 'object' && !Array.isArray(v)),
    );
    if (wrong.length > 0) arbs.push(fc.constantFrom(...wrong));
  }
  if (s.enum) {
    const allowed = s.enum;
    arbs.push(
      fc
        .oneof(fc.constantFrom('NOT_A_VALUE', 'pending', 'Validé', 'PENDING '), fc.string({ maxLength: 12 }))
        .filter((v) => !allowed.includes(v)),
    );
  }
  if (s.format === 'date') arbs.push(fc.constantFrom(...IMPOSSIBLE_DATES));
  if (s.format === 'date-time-input') arbs.push(fc.constantFrom(...IMPOSSIBLE_DATE_TIMES));
  if (s.format === 'email') arbs.push(fc.constantFrom(...NOT_EMAILS));
  if (s.pattern && types?.includes('string')) {
    const re = new RegExp(s.pattern, 'u');
    const breakers = PATTERN_BREAKERS.filter((v) => !re.test(v));
    if (breakers.length > 0) arbs.push(fc.constantFrom(...breakers));
  }
  if (types?.includes('integer') || types?.includes('number')) {
    const { minimum, maximum } = s;
    if (minimum !== undefined) {
      const below = [minimum - 1, minimum - 1000, -1e300].filter((v) => v < minimum && !(isRef && v === -1));
      arbs.push(fc.constantFrom(...below));
    }
    if (maximum !== undefined)
      arbs.push(fc.constantFrom(...[maximum + 1, maximum * 10, 1e300].filter((v) => v > maximum)));
  }
  if (types?.includes('string')) {
    if (s.minLength && s.minLength > 0) arbs.push(fc.constant(''.padEnd(s.minLength - 1, 'x')));
    if (s.maxLength !== undefined && s.maxLength < 100_000) arbs.push(fc.constant('é'.repeat(s.maxLength + 1)));
  }
  if (s.contentEncoding === 'base64') arbs.push(notAnImage);
  if (s.items && types?.includes('array')) {
    const items = s.items;
    const badItems = isObjectSchema(items) ? badObject(items, baseFor(items)) : badValues(items);
    if (badItems.length > 0) arbs.push(fc.oneof(...badItems).map((item) => [item]));
    if (s.maxItems !== undefined) arbs.push(fc.constant(Array.from({ length: s.maxItems + 1 }, () => baseFor(items))));
  }
  return arbs;
}

/** A plausible value of `s` with only its required properties: the base that a mutation breaks. */
export function baseFor(s: Schema): unknown {
  const types = typesOf(s) ?? [];
  if (s.enum) return s.enum.find((v) => v !== null) ?? null;
  if (isObjectSchema(s)) {
    const required = s.required ?? [];
    return Object.fromEntries(
      Object.entries(s.properties ?? {})
        .filter(([name]) => required.includes(name))
        .map(([name, p]) => [name, baseFor(p)]),
    );
  }
  if (types.includes('string')) {
    if (s.format === 'date') return '2026-01-15';
    if (s.format === 'date-time-input') return '2026-01-15T10:00:00Z';
    if (s.format === 'email') return 'fuzz@exemple.sn';
    return 'fuzz'.padEnd(s.minLength ?? 1, 'z');
  }
  if (types.includes('integer') || types.includes('number')) return Math.max(s.minimum ?? 1, 1);
  if (types.includes('boolean')) return false;
  if (types.includes('array')) return [];
  return null;
}

/** A copy of `base` with an own property `key` (defineProperty, so `__proto__` is a key too). */
function withKey(base: unknown, key: string, value: unknown): Record<string, unknown> {
  const copy = { ...(base as Record<string, unknown>) };
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
}

function without(base: unknown, key: string): Record<string, unknown> {
  const copy = { ...(base as Record<string, unknown>) };
  delete copy[key];
  return copy;
}

/** Objects that `s` refuses, made from `base`: a required field dropped, a field unknown or wrong, not an object. */
export function badObject(
  s: Schema,
  base: unknown,
  refs: ReadonlySet<string> = new Set(),
): Array<fc.Arbitrary<unknown>> {
  const arbs: Array<fc.Arbitrary<unknown>> = [fc.constantFrom([], 'texte', 42, true, [base])];
  const properties = s.properties ?? {};
  const required = s.required ?? [];
  if (required.length > 0) arbs.push(fc.constantFrom(...required).map((name) => without(base, name)));
  if (s.additionalProperties === false) {
    const key = fc
      .oneof(
        fc.constantFrom('isAdmin', 'password_hash', '__proto__', 'constructor', '$where', '', 'id '),
        fc.string({ minLength: 1, maxLength: 10 }),
      )
      .filter((k) => !Object.hasOwn(properties, k));
    arbs.push(fc.tuple(key, fc.constantFrom(...TYPED_VALUES)).map(([k, v]) => withKey(base, k, v)));
  }
  const fields = Object.entries(properties).flatMap(([name, p]) => {
    const isRef = refs.has(name);
    const current = (base as Record<string, unknown>)[name];
    const bad = [
      ...badValues(p, isRef),
      ...(isObjectSchema(p) && !isRef ? badObject(p, isPlainObject(current) ? current : baseFor(p)) : []),
    ];
    return bad.length > 0 ? [fc.oneof(...bad).map((v) => withKey(base, name, v))] : [];
  });
  if (fields.length > 0) arbs.push(fc.oneof(...fields), fc.oneof(...fields));
  return arbs;
}

export const MALFORMED_JSON = [
  "{'name': 'x'}",
  '{"a":1,}',
  '{"a":NaN}',
  '{"a":1} {"b":2}',
  '{"a":undefined}',
  '{"a":"\\x41"}',
  '{"a": 01}',
  '{"a":1 /* commentaire */}',
  '[',
  '\u0000',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '"non terminée',
];

/** Malformed JSON text: a cut-short serialisation of `base` (never valid) or a classic mistake. */
export const malformedJson = (base: unknown) => {
  const text = JSON.stringify(base);
  return fc.oneof(
    fc.integer({ min: 1, max: Math.max(1, text.length - 1) }).map((n) => text.slice(0, n)),
    fc.constantFrom(...MALFORMED_JSON),
  );
};

/** Content types no JSON route parses; `undefined` sends raw bytes without any. */
export const WRONG_CONTENT_TYPES = [
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data; boundary=fuzz',
  'application/octet-stream',
  'text/html',
  'image/png',
  undefined,
];

/** Path segments that are not decimal whole numbers in 1..2^53-1 (hex, exponent and padded forms included). */
export const notANumber = fc.oneof(
  fc.constantFrom(
    'abc',
    '1.5',
    '1.0',
    '0x10',
    '1e3',
    ' 1',
    '+1',
    '-1',
    '0',
    'NaN',
    'null',
    'true',
    '[1]',
    '1;drop table branch',
    "1'--",
    '\u0000',
    '\u202e1',
    '99999999999999999999',
    '9007199254740993',
    '1 or 1=1',
  ),
  fc.string({ minLength: 1, maxLength: 20 }).map((s) => `x${s}`),
);

/** Text with SQL and LIKE metacharacters, quotes, escapes and Unicode (lone surrogates, RTL, NUL, emoji). */
export const trickyText = fc.oneof(
  fc.constantFrom(
    "' or '1'='1",
    "'; drop table branch; --",
    '%',
    '_',
    '\\',
    '%_%',
    '\\%',
    '[a-z]%',
    '$1',
    '*',
    '\u0000',
    'Ndèye Fall',
    'NDEYE',
    '\u202eevil',
    '🏦💸',
    '\ud800',
    'a'.repeat(5000),
  ),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: fc.constantFrom('%', '_', '\\', "'", '"', ';', '-', 'é', ' ', 'a'), maxLength: 12 }),
);

/** Percent-encodes every byte outside the unreserved set (lone surrogates become U+FFFD, like a browser). */
export const encode = (text: string) =>
  [...Buffer.from(text, 'utf8')]
    .map((b) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).padStart(2, '0')}`,
    )
    .join('');

/** decodeURIComponent, or the text itself when it is not valid percent-encoding. */
export function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export const queryString = (params: Array<[string, string]>) =>
  params.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');

/**
 * Query parameters that every list route must refuse: paging and sort, and for the lists built on the
 * entity engine (`entity` known) unknown or ill-typed criteria.
 */
export function badListQuery(entity: Entity | undefined): fc.Arbitrary<Array<[string, string]>> {
  const fields = entity?.fields ?? [];
  const notPaging = fc.oneof(
    fc.integer({ min: -1e9, max: -1 }).map(String),
    fc.constantFrom('abc', '1.5', '1e3', '0x10', ' ', '--1', '9999999999', '١', "0' or '1'='1"),
  );
  const names = fields.map((f) => f.name);
  const unknownName = fc.string({ maxLength: 8 }).map((s) => `zz${s}`);
  const typed = fields.flatMap((f) => {
    const bad: Partial<Record<FieldKind, string[]>> = {
      int: ['abc', '1.5', '1e5'],
      ref: ['abc', '-5', '1.5'],
      decimal: ['abc', '1.2.3'],
      money: ['beaucoup', '1.2.3', '1e5'],
      bool: ['peut-être', '1'],
      date: IMPOSSIBLE_DATES,
      dateTime: IMPOSSIBLE_DATE_TIMES.filter((d) => !/^\d{4}-\d{2}-\d{2}/.test(d) || d.includes('-13-')),
      enum: ['NOT_A_VALUE', 'pending'],
    };
    const values = bad[f.kind];
    return values
      ? // Not `equals`: a pending-list route sets `<status>.equals` from its path, over the query's.
        [fc.tuple(fc.constant(f.name), fc.constantFrom('in', 'notEquals'), fc.constantFrom(...values))]
      : [];
  });
  const paging = [
    notPaging.map((v): [string, string] => ['page', v]),
    fc.oneof(notPaging, fc.constant('0')).map((v): [string, string] => ['size', v]),
    unknownName.map((n): [string, string] => ['sort', `${n},asc`]),
    fc
      .tuple(
        fc.constantFrom('id', ...names),
        fc.string({ maxLength: 6 }).filter((d) => !/^(asc|desc)$/i.test(d)),
      )
      .map(([n, d]): [string, string] => ['sort', `${n},${d}`]),
  ];
  const criteria = [
    fc
      .tuple(unknownName, fc.constantFrom('equals', 'contains', 'in'))
      .map(([n, op]): [string, string] => [`${n}.${op}`, '1']),
    fc.tuple(fc.constantFrom('id', ...names), unknownName).map(([n, op]): [string, string] => [`${n}.${op}`, '1']),
    ...typed.map((a) => a.map(([n, op, v]): [string, string] => [`${n}.${op}`, v])),
  ];
  const one = fc.oneof(...paging, ...(entity ? criteria : []));
  return fc.array(one, { minLength: 1, maxLength: 3 });
}

/** Legitimate parameter names fed tricky text: search, text criteria, module filters, paging extremes. */
export function trickyQuery(fields: readonly Field[]): fc.Arbitrary<Array<[string, string]>> {
  const texts = fields.filter((f) => ['text', 'longText', 'email', 'phone', 'rib'].includes(f.kind)).map((f) => f.name);
  const filters = ['query', 'name', 'email', 'reference', 'rib', 'type', 'status', 'startdate', 'enddate', 'montant'];
  // The directory sign-in's parameters: the page to return to, and the directory's answer.
  const directory = ['returnTo', 'code', 'state', 'iss', 'error'];
  const names = fc.oneof(
    fc.constantFrom(
      ...filters,
      ...directory,
      'bankaccount',
      'fromDate',
      'toDate',
      'key',
      'id',
      'clientId',
      'phoneNumber',
    ),
    ...(texts.length > 0
      ? [
          fc
            .tuple(fc.constantFrom(...texts), fc.constantFrom('contains', 'equals', 'in', 'doesNotContain'))
            .map(([n, op]) => `${n}.${op}`),
        ]
      : []),
    fc.string({ unit: 'binary', maxLength: 10 }),
  );
  const paging = fc.tuple(fc.constantFrom('page', 'size'), fc.constantFrom('999999999', '0', '1000', '1001'));
  return fc.array(fc.oneof(fc.tuple(names, trickyText), paging), { minLength: 1, maxLength: 3 });
}

/**
 * The directory's answer to the sign-in callback as a forger would send it: its parameters with tricky
 * values, repeated or missing.
 */
export const directoryAnswer = fc.array(
  fc.tuple(fc.constantFrom('code', 'state', 'iss', 'error', 'error_description', 'session_state'), trickyText),
  { minLength: 0, maxLength: 4 },
);
