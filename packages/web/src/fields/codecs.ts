// Per kind: a new form's value, a row's value in a form, and the JSON a form value becomes.
// One exhaustive table, so a new kind cannot reach the forms without saying how it travels.
import { isDateTimeInput, type Field, type FieldKind } from '@bank/domain';
import dayjs from 'dayjs';
import type { EntityRow } from '../api/entities';
import type { FormValueByKind, ImageValue, RefItem } from './types';

export interface Codec<V> {
  /** The value of a new form: the declared default, else empty. */
  initial(field: Field): V;
  /** A row's value as the form edits it. */
  read(field: Field, row: EntityRow): V;
  /** The body properties a form value becomes (usually one; images two; unchanged secrets none). */
  write(field: Field, value: V): Record<string, unknown>;
  /** A rule of this kind beyond the value schema (checked before it): the broken rule's name, or null. */
  check?(value: V): string | null;
  /** Message keys where a rule broken by this kind reads better than the generic one. */
  messages?: Partial<Record<string, string>>;
}

/** The picture types the server accepts (it also checks the bytes). */
const IMAGE_TYPES = /^image\/(png|jpeg|gif|webp)$/;

const LOCAL_DATE_TIME = 'YYYY-MM-DD HH:mm';

const text: Codec<string> = {
  initial: (field) => (typeof field.default === 'string' ? field.default : ''),
  read: (field, row) => (row[field.name] === null || row[field.name] === undefined ? '' : String(row[field.name])),
  write: (field, value) => ({ [field.name]: value === '' ? null : value }),
};

/** Written only when typed: the API never returns it, and an absent value keeps the stored one. */
const secret: Codec<string> = {
  initial: () => '',
  read: () => '',
  write: (field, value) => (value === '' ? {} : { [field.name]: value }),
};

/** A number as typed: French users write '1 500,50'; anything else stays text for validation to name. */
const numberText = (value: string) => value.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');

const int: Codec<string> = {
  initial: (field) => (typeof field.default === 'number' ? String(field.default) : ''),
  read: text.read,
  write: (field, value) => {
    const typed = numberText(value);
    if (typed === '') return { [field.name]: null };
    return { [field.name]: /^-?\d{1,16}$/.test(typed) ? Number(typed) : typed };
  },
  messages: { type: 'entity.validation.number' },
};

/** Amounts and rates travel as exact strings, never through binary floating point. */
const exactNumber: Codec<string> = {
  initial: (field) => (field.default === undefined ? '' : String(field.default)),
  read: text.read,
  write: (field, value) => ({ [field.name]: numberText(value) === '' ? null : numberText(value) }),
  messages: { pattern: 'entity.validation.number', type: 'entity.validation.number' },
};

/** Amounts are whole XOF: a typed fraction ("12,50") is named as such rather than as "not a number". */
const money: Codec<string> = {
  ...exactNumber,
  check: (value) => (/^-?(\d+\.\d*|\.\d+)$/.test(numberText(value)) ? 'fraction' : null),
  messages: {
    ...exactNumber.messages,
    fraction: 'entity.validation.wholeXof',
    multipleOf: 'entity.validation.wholeXof',
  },
};

const bool: Codec<boolean> = {
  initial: (field) => field.default === true,
  read: (field, row) => row[field.name] === true,
  write: (field, value) => ({ [field.name]: value }),
};

const date: Codec<string> = { ...text, initial: () => '' };

/**
 * The form shows the browser's local time, as the lists do (formatDateTime), and sends an instant;
 * in Dakar both are UTC, which is also how the server reads a zone-less value.
 */
const dateTime: Codec<string> = {
  initial: () => '',
  read: (field, row) => {
    const value = row[field.name];
    return typeof value === 'string' && dayjs(value).isValid() ? dayjs(value).format(LOCAL_DATE_TIME) : '';
  },
  write: (field, value) => {
    if (value === '') return { [field.name]: null };
    // Not a real date-time: sent as typed, so that validation names it instead of dayjs rolling it over.
    return { [field.name]: isDateTimeInput(value) ? dayjs(value).toISOString() : value };
  },
};

const enumCodec: Codec<string | null> = {
  initial: (field) => (typeof field.default === 'string' ? field.default : null),
  read: (field, row) => (typeof row[field.name] === 'string' ? (row[field.name] as string) : null),
  write: (field, value) => ({ [field.name]: value }),
};

const ref: Codec<number | null> = {
  initial: () => null,
  read: (field, row) => {
    const value = row[field.name];
    const id = value !== null && typeof value === 'object' ? (value as { id?: unknown }).id : value;
    return typeof id === 'number' ? id : null;
  },
  write: (field, id) => ({ [field.name]: field.refShape === 'object' && id !== null ? { id } : id }),
};

const refs: Codec<RefItem[]> = {
  initial: () => [],
  read: (field, row) => (Array.isArray(row[field.name]) ? (row[field.name] as RefItem[]) : []),
  write: (field, items) => ({ [field.name]: items.map(({ id }) => ({ id })) }),
  messages: { maxItems: 'entity.validation.maxItems' },
};

const image: Codec<ImageValue | null> = {
  initial: () => null,
  read: (field, row) => {
    const data = row[field.name];
    const contentType = row[`${field.name}ContentType`];
    return typeof data === 'string' && data !== '' ? { data, contentType: String(contentType ?? 'image/png') } : null;
  },
  write: (field, value) => ({
    [field.name]: value?.data ?? null,
    [`${field.name}ContentType`]: value?.contentType ?? null,
  }),
  check: (value) => (value !== null && !IMAGE_TYPES.test(value.contentType) ? 'contentType' : null),
  messages: { maxLength: 'entity.validation.image', contentType: 'entity.validation.image' },
};

export const FIELD_CODECS = {
  text,
  longText: text,
  email: text,
  phone: text,
  rib: text,
  secret,
  int,
  decimal: exactNumber,
  money,
  bool,
  date,
  dateTime,
  enum: enumCodec,
  ref,
  refs,
  image,
} as const satisfies { [K in FieldKind]: Codec<FormValueByKind[K]> };

/** The codec of any field; the table pairs each kind with its own value type, the form holds them all. */
export const codecOf = (field: Field) => FIELD_CODECS[field.kind] as Codec<FormValueByKind[FieldKind]>;
