import { describe, expect, it } from 'vitest';
import { normalizeEntity } from '../define';
import { entityByName } from '../entities';
import { dropEmptyRefs, VALUE_SCHEMA } from './entity-schema';

describe('VALUE_SCHEMA.money: whole XOF', () => {
  const amounts = normalizeEntity({
    name: 'amounts',
    route: 'amounts',
    resource: 'amounts',
    fields: {
      any: { kind: 'money' },
      floor: { kind: 'money', min: 0 },
      above: { kind: 'money', positive: true },
      rate: { kind: 'decimal' },
    },
  });
  const schemaOf = (name: string) =>
    VALUE_SCHEMA.money(amounts.field(name)!) as { pattern: string; multipleOf: number };
  const accepts = (name: string, text: string) => new RegExp(schemaOf(name).pattern).test(text);

  it.each(['any', 'floor', 'above'])('%s: refuses any decimal point in a text, a zero fraction included', (name) => {
    for (const text of ['12.50', '12.00', '0.001', '12.', '.5', '1,5']) expect(accepts(name, text), text).toBe(false);
    expect(accepts(name, '1500000')).toBe(true);
  });

  it.each(['any', 'floor', 'above'])('%s: takes JSON numbers only when whole', (name) => {
    expect(schemaOf(name).multipleOf).toBe(1);
  });

  it('keeps the sign rules: a signed amount, a floor of zero, an amount above zero', () => {
    expect(accepts('any', '-5000')).toBe(true);
    expect(accepts('floor', '-5000')).toBe(false);
    expect(accepts('floor', '0')).toBe(true);
    expect(accepts('above', '0')).toBe(false);
    expect(accepts('above', '000')).toBe(false);
    expect(accepts('above', '0005')).toBe(true);
  });

  it('leaves rates (decimal) with their fraction', () => {
    expect(new RegExp(VALUE_SCHEMA.decimal(amounts.field('rate')!).pattern as string).test('6.75')).toBe(true);
  });
});

describe('dropEmptyRefs', () => {
  const cardOrder = entityByName('cardOrder');

  it.each([[''], [-1], ['-1'], [{ id: '' }], [{ id: -1 }], [{}]])('reads %j as no link', (value) => {
    const body: Record<string, unknown> = { bankAccountId: value };
    dropEmptyRefs(cardOrder, body);
    expect(body.bankAccountId).toBeNull();
  });

  it.each([[7], [{ id: 7 }], [[7]], [[{ id: 7 }]]])('leaves %j for validation to judge', (value) => {
    const body: Record<string, unknown> = { bankAccountId: value };
    dropEmptyRefs(cardOrder, body);
    expect(body.bankAccountId).toEqual(value);
  });

  it('adds nothing for a link that is not in the body', () => {
    const body: Record<string, unknown> = {};
    dropEmptyRefs(cardOrder, body);
    expect(body).toEqual({});
  });
});
