// Field kinds: a closed union. Every consumer (SQL column, JSON schema, validator, cell, input,
// filter, demo value) is a table keyed by kind, checked exhaustively with `satisfies Record<FieldKind, …>`.

export const FIELD_KINDS = [
  'text',
  'longText',
  'email',
  'phone',
  'rib',
  'int',
  'decimal',
  'money',
  'bool',
  'date',
  'dateTime',
  'enum',
  'ref',
  'refs',
  'image',
  /** Written, never read back through the API (a customer's password or PIN). */
  'secret',
] as const;

export type FieldKind = (typeof FIELD_KINDS)[number];

/** Shared defaults per kind: the engine applies them so declarations never repeat them. */
export const KIND_DEFAULTS = {
  text: { maxLength: 255, searchable: true },
  longText: { maxLength: 4000, searchable: true },
  email: { maxLength: 254, searchable: true },
  phone: { maxLength: 30, searchable: true },
  rib: { maxLength: 34, searchable: true },
  int: { searchable: false },
  decimal: { searchable: false },
  money: { searchable: false },
  bool: { searchable: false },
  date: { searchable: false },
  dateTime: { searchable: false },
  enum: { searchable: false },
  ref: { searchable: false },
  refs: { searchable: false },
  image: { searchable: false },
  secret: { maxLength: 255, searchable: false },
} as const satisfies Record<FieldKind, { maxLength?: number; searchable: boolean }>;

/** Largest picture accepted, in bytes (DESIGN.md section 5). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/**
 * Digits before and after the point for exact numbers: decimals carry rates and coordinates. Money is whole
 * XOF (the API refuses a fraction); its column keeps the two places amounts stored earlier may hold.
 */
export const NUMERIC_PRECISION = {
  money: { precision: 20, scale: 2 },
  decimal: { precision: 20, scale: 8 },
} as const;
