// How each field kind is read from and written to its column(s): the engine's per-kind table.
import type { Field, FieldKind } from '@bank/domain';
import { quote } from '../db/schema';
import { detectImage } from './images';

export interface FieldIO {
  /** SQL select expressions (aliased to the JSON property names); none for write-only kinds. */
  select(field: Field, alias: string): string[];
  /** Column values for a write, from the validated JSON body. */
  write(field: Field, body: Record<string, unknown>): Record<string, unknown>;
}

const plain: FieldIO = {
  select: (f, a) => [`${a}.${quote(f.column)} as ${quote(f.name)}`],
  write: (f, body) => ({ [f.column]: body[f.name] ?? null }),
};

const exactNumber: FieldIO = {
  select: plain.select,
  write: (f, body) => ({
    [f.column]: body[f.name] === null || body[f.name] === undefined ? null : String(body[f.name]),
  }),
};

/**
 * Amounts are whole XOF and read as such ('130500', not the column's '130500.00'), so that what a GET
 * returns goes back to a PUT that refuses any decimal point; a fraction stored earlier still shows, never rounded.
 */
const money: FieldIO = {
  select: (f, a) => [`trim_scale(${a}.${quote(f.column)}) as ${quote(f.name)}`],
  write: exactNumber.write,
};

/** Dates travel as YYYY-MM-DD text: a JS Date would shift them by the server's time zone. */
const date: FieldIO = {
  select: (f, a) => [`to_char(${a}.${quote(f.column)}, 'YYYY-MM-DD') as ${quote(f.name)}`],
  write: plain.write,
};

/** Instants without a zone (the forms' local date-time) are Dakar time, which is UTC all year. */
const dateTime: FieldIO = {
  select: plain.select,
  write: (f, body) => {
    const value = body[f.name];
    if (typeof value !== 'string') return { [f.column]: value ?? null };
    const iso = value.replace(' ', 'T');
    return { [f.column]: /(Z|[+-]\d{2}:?\d{2})$/.test(iso) ? iso : `${iso}Z` };
  },
};

const ref: FieldIO = {
  select: (f, a) => [`${a}.${quote(f.column)} as ${quote(f.name)}`],
  write: (f, body) => {
    const value = body[f.name];
    const id = value !== null && typeof value === 'object' ? (value as { id: number }).id : value;
    return { [f.column]: id ?? null };
  },
};

const image: FieldIO = {
  select: (f, a) => [
    // encode() wraps base64 every 76 characters; the API sends it on one line.
    `replace(encode(${a}.${quote(f.column)}, 'base64'), chr(10), '') as ${quote(f.name)}`,
    `${a}.${quote(`${f.column}_content_type`)} as ${quote(`${f.name}ContentType`)}`,
  ],
  write: (f, body) => {
    const value = body[f.name];
    if (value === null || value === undefined || value === '') {
      return { [f.column]: null, [`${f.column}_content_type`]: null };
    }
    const bytes = Buffer.from(value as string, 'base64');
    // The detected type wins over the declared one: the bytes are what browsers will render.
    return { [f.column]: bytes, [`${f.column}_content_type`]: detectImage(bytes, f.name) };
  },
};

/** Written (when given), never read back. */
const secret: FieldIO = {
  select: () => [],
  write: (f, body) => (typeof body[f.name] === 'string' && body[f.name] !== '' ? { [f.column]: body[f.name] } : {}),
};

/** Many-to-many values live in a join table; the service reads and writes them. */
const joinTable: FieldIO = { select: () => [], write: () => ({}) };

export const FIELD_IO = {
  text: plain,
  longText: plain,
  email: plain,
  phone: plain,
  rib: plain,
  secret,
  int: plain,
  decimal: exactNumber,
  money,
  bool: plain,
  date,
  dateTime,
  enum: plain,
  ref,
  refs: joinTable,
  image,
} as const satisfies Record<FieldKind, FieldIO>;
