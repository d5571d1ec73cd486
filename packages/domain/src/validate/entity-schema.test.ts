import { describe, expect, it } from 'vitest';
import { entityByName } from '../entities';
import { dropEmptyRefs } from './entity-schema';

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
