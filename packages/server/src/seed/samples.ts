// Valid and invalid values per field kind: the generated API tests and the demo seed use them, so
// a new entity or kind is covered without new test code.
import { ENUMS, type Field, type FieldKind } from '@bank/domain';

/** The smallest valid PNG (1×1 transparent pixel). */
export const TINY_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const clip = (text: string, field: Field) => text.slice(0, field.maxLength ?? text.length);
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** A valid value for `field`, varied by `n`; refs take the id given in `refId`. */
export const SAMPLE = {
  text: (f, n) => clip(`${f.name} Ndèye ${n}`, f),
  longText: (f, n) => clip(`Observation ${n} pour ${f.name} : dossier complet`, f),
  email: (f, n) => clip(`${f.name.toLowerCase()}${n}@exemple.sn`, f),
  phone: (_f, n) => `+22177${pad(n % 10_000_000, 7)}`,
  rib: (_f, n) => `SN012${pad(n, 19)}`,
  secret: (_f, n) => `secret-${n}`,
  int: (f, n) => Math.max(f.min ?? 0, n),
  decimal: (_f, n) => `${n}.25`,
  money: (_f, n) => String(1000 * n + 500),
  bool: (_f, n) => n % 2 === 0,
  date: (_f, n) => `2026-0${1 + (n % 9)}-1${n % 10}`,
  dateTime: (_f, n) => `2026-0${1 + (n % 9)}-1${n % 10}T10:${pad(n % 60, 2)}:00.000Z`,
  enum: (f, n) => {
    const values = f.formValues ?? ENUMS[f.enum!].values;
    return values[n % values.length]!;
  },
  ref: (f, _n, refId) => (f.refShape === 'object' ? { id: refId } : refId),
  refs: (_f, _n, refId) => [{ id: refId }],
  image: () => TINY_PNG_BASE64,
} as const satisfies Record<FieldKind, (field: Field, n: number, refId?: number) => unknown>;

/** Values that must be refused with a 400 naming the field. */
export const INVALID = {
  text: (f) => ['x'.repeat((f.maxLength ?? 255) + 1), 42],
  longText: (f) => ['x'.repeat((f.maxLength ?? 4000) + 1)],
  email: (f) => ['x'.repeat((f.maxLength ?? 254) + 1)],
  phone: () => [{ number: 1 }],
  rib: () => [true],
  secret: () => [42],
  int: () => ['douze', 1.5, 2 ** 40],
  decimal: () => ['douze', '1e5'],
  // Whole XOF only: a fraction, even a zero one, is refused rather than rounded.
  money: (f) => [
    'beaucoup',
    '12.345',
    '1,5',
    '12.50',
    '12.00',
    0.001,
    12.5,
    ...(f.positive ? ['0', '-5000', -1] : f.min === 0 ? ['-1'] : []),
  ],
  bool: () => ['oui', 1],
  date: () => ['2026-02-30', 'hier', '2026-01-01T10:00:00Z'],
  dateTime: () => ['2026-13-45 10:00', 'demain', '2026-01-01 25:00'],
  enum: () => ['NOT_A_VALUE', 3],
  ref: (f) => (f.refShape === 'object' ? [{ id: 'abc' }, 5] : ['abc', 0, { id: 5 }]),
  refs: () => ['abc', [5]],
  image: () => ['bm90IGFuIGltYWdlIGF0IGFsbCwganVzdCB0ZXh0', 42],
} as const satisfies Record<FieldKind, (field: Field) => unknown[]>;
