// Client validation per kind, table-driven: what the server would refuse is named before sending,
// with the shared message keys; server field errors land on the right field.
import { normalizeEntity, type FieldKind } from '@bank/domain';
import { describe, expect, it } from 'vitest';
import { codecOf } from './codecs';
import { probe, probeField } from './probe-entity';
import type { FormValue } from './types';
import { mapServerErrors, validateValue, validateValues } from './validate';

const bounded = normalizeEntity({
  name: 'bounded',
  route: 'bounded',
  resource: 'bounded',
  fields: {
    code: { kind: 'text', maxLength: 5, required: true },
    price: { kind: 'money', required: true, min: 0 },
    count: { kind: 'int', min: 1, max: 9 },
    status: { kind: 'enum', enum: 'demandStatus', required: true },
    items: { kind: 'refs', ref: 'serenityServices', required: true },
  },
});

const png = {
  data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  contentType: 'image/png',
};

describe('validateValue: the server rules, per kind', () => {
  const cases: [FieldKind, FormValue, string | null][] = [
    ['text', 'Dakar', null],
    ['text', 'x'.repeat(256), 'entity.validation.maxlength'],
    ['longText', 'x'.repeat(4000), null],
    ['longText', 'x'.repeat(4001), 'entity.validation.maxlength'],
    ['email', 'awa@bank.sn', null],
    ['phone', '+221 77 000 00 00', null],
    ['rib', 'SN012 01001 000000000001 23', null],
    ['secret', '', null],
    ['secret', 's3cret', null],
    ['int', '42', null],
    ['int', '-3', null],
    ['int', '4.5', 'entity.validation.number'],
    ['int', 'douze', 'entity.validation.number'],
    ['int', '99999999999', 'entity.validation.max'],
    ['decimal', '14,6928', null],
    ['decimal', '-17.44670000', null],
    ['decimal', '1.123456789', 'entity.validation.number'],
    ['decimal', 'nord', 'entity.validation.number'],
    ['money', '1 500 000', null],
    ['money', '1 500 000,50', 'entity.validation.wholeXof'],
    ['money', '12.00', 'entity.validation.wholeXof'],
    ['money', '0,001', 'entity.validation.wholeXof'],
    ['money', '12.3.4', 'entity.validation.number'],
    ['money', '12e3', 'entity.validation.number'],
    ['bool', false, null],
    ['date', '2024-02-29', null],
    ['date', '2023-02-29', 'entity.validation.pattern'],
    ['date', '29/02/2024', 'entity.validation.pattern'],
    ['dateTime', '2026-01-02 10:30', null],
    ['dateTime', '2026-02-30 10:30', 'entity.validation.pattern'],
    ['dateTime', '2026-01-02 24:30', 'entity.validation.pattern'],
    ['enum', 'PENDING', null],
    ['enum', 'SOMETIMES', 'entity.validation.pattern'],
    ['ref', 3, null],
    ['ref', null, null],
    ['refs', [{ id: 1, label: 'SMS' }], null],
    ['image', png, null],
    ['image', { data: 'JVBERi0xLjQ=', contentType: 'application/pdf' }, 'entity.validation.image'],
    ['image', { data: 'A'.repeat(3_000_000), contentType: 'image/png' }, 'entity.validation.image'],
  ];

  // Named by index: some values are megabytes long.
  it.each(cases.map(([kind, value, key], index) => [index, kind, key, value] as const))(
    'case %i: %s → %s',
    (_, kind, key, value) => {
      expect(validateValue(probeField(kind), value)?.key ?? null).toBe(key);
    },
  );

  it('covers every kind of the registry', () => {
    expect(new Set(cases.map(([kind]) => kind))).toEqual(new Set(probe.fields.map((f) => f.kind)));
  });

  it('names the bound it breaks', () => {
    expect(validateValue(bounded.field('code')!, 'ABCDEF')).toEqual({
      key: 'entity.validation.maxlength',
      values: { max: 5 },
    });
    expect(validateValue(bounded.field('price')!, '-1')).toEqual({ key: 'entity.validation.min', values: { min: 0 } });
    expect(validateValue(bounded.field('count')!, '10')).toEqual({ key: 'entity.validation.max', values: { max: 9 } });
  });

  it('reports a missing required value of any kind, and nothing for a new form of optional fields', () => {
    const empty = Object.fromEntries(bounded.fields.map((f) => [f.name, codecOf(f).initial(f)]));
    expect(Object.fromEntries(Object.entries(validateValues(bounded, empty)).map(([k, v]) => [k, v.key]))).toEqual({
      code: 'entity.validation.required',
      price: 'entity.validation.required',
      items: 'entity.validation.required',
    });
    const fresh = Object.fromEntries(probe.fields.map((f) => [f.name, codecOf(f).initial(f)]));
    expect(validateValues(probe, fresh)).toEqual({});
  });
});

describe('codecs: what a form value becomes in the body', () => {
  const write = (kind: FieldKind, value: FormValue) => codecOf(probeField(kind)).write(probeField(kind), value);

  it('keeps amounts exact, as strings, written the French way or not', () => {
    expect(write('money', '1 500 000')).toEqual({ money: '1500000' });
    expect(write('decimal', '')).toEqual({ decimal: null });
    expect(write('int', '12')).toEqual({ int: 12 });
  });

  it('sends a local date-time as an instant, empty texts as null, refs and images in their API shape', () => {
    expect(write('dateTime', '2026-01-02 10:30')).toEqual({ dateTime: new Date(2026, 0, 2, 10, 30).toISOString() });
    expect(write('text', '')).toEqual({ text: null });
    expect(write('ref', 4)).toEqual({ ref: 4 });
    expect(write('refs', [{ id: 2, label: 'Virement' }])).toEqual({ refs: [{ id: 2 }] });
    expect(write('image', png)).toEqual({ image: png.data, imageContentType: 'image/png' });
    expect(write('image', null)).toEqual({ image: null, imageContentType: null });
  });

  it('sends a secret only when one was typed', () => {
    expect(write('secret', '')).toEqual({});
    expect(write('secret', 'pin')).toEqual({ secret: 'pin' });
  });

  it('reads and writes an object-shaped ref as { id }', () => {
    const log = normalizeEntity({
      name: 'log',
      route: 'log',
      resource: 'logs',
      fields: { beneficiary: { kind: 'ref', ref: 'beneficiary', refShape: 'object' } },
    });
    const field = log.field('beneficiary')!;
    expect(codecOf(field).read(field, { id: 1, beneficiary: { id: 7 } })).toBe(7);
    expect(codecOf(field).write(field, 7)).toEqual({ beneficiary: { id: 7 } });
    expect(codecOf(field).write(field, null)).toEqual({ beneficiary: null });
  });

  it('starts a new form with the declared defaults', () => {
    const pack = normalizeEntity({
      name: 'p',
      route: 'p',
      resource: 'p',
      fields: {
        status: { kind: 'enum', enum: 'checkbookStatus' },
        hidden: { kind: 'bool', default: true },
        attempts: { kind: 'int', default: 0 },
        createdAt: { kind: 'dateTime', default: 'now' },
      },
    });
    expect(Object.fromEntries(pack.fields.map((f) => [f.name, codecOf(f).initial(f)]))).toEqual({
      status: 'IN_PROGRESS',
      hidden: true,
      attempts: '0',
      createdAt: '',
    });
  });
});

describe('mapServerErrors', () => {
  it('puts constraint codes on their fields, Min and Max as a size error (spec part 1 §5)', () => {
    const { errors, unplaced } = mapServerErrors(probe, [
      { field: 'money', message: 'Min' },
      { field: 'decimal', message: 'DecimalMax' },
      { field: 'text', message: 'NotNull' },
      { field: 'imageContentType', message: 'Image' },
      { field: 'refs.0.id', message: 'NotFound' },
      { field: 'email', message: 'Unique' },
      { field: 'nothing', message: 'Unknown' },
    ]);
    expect(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v.key]))).toEqual({
      money: 'entity.validation.size',
      decimal: 'entity.validation.size',
      text: 'entity.validation.required',
      image: 'entity.validation.image',
      refs: 'entity.validation.notFound',
      email: 'entity.validation.unique',
    });
    expect(unplaced).toEqual([{ key: 'entity.validation.invalid' }]);
  });
});
