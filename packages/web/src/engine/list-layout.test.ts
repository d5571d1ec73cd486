import { describe, expect, it } from 'vitest';
import { readListLayout, rememberedLayout } from './list-layout';

describe('a list’s layout', () => {
  it('takes the address first, then the remembered choice, then 20 rows comfortable', () => {
    const remembered = rememberedLayout({ 'list.x': { size: 100, density: 'compact', hidden: ['a', 3] } }, 'x');
    expect(remembered).toEqual({ size: 100, density: 'compact', hidden: ['a'] });
    const fromAddress = readListLayout(new URLSearchParams('size=50&density=comfortable'), remembered);
    expect(fromAddress).toMatchObject({ pageSize: 50, density: 'comfortable' });
    expect([...fromAddress.hidden]).toEqual(['a']);
    expect(readListLayout(new URLSearchParams(''), remembered)).toMatchObject({ pageSize: 100, density: 'compact' });
    expect(readListLayout(new URLSearchParams(''), rememberedLayout(undefined, 'x'))).toMatchObject({
      pageSize: 20,
      density: 'comfortable',
    });
  });

  it('ignores a size or density it does not offer', () => {
    const layout = readListLayout(
      new URLSearchParams('size=1000&density=tiny'),
      rememberedLayout({ 'list.x': { size: 7 } }, 'x'),
    );
    expect(layout).toMatchObject({ pageSize: 20, density: 'comfortable' });
  });
});
