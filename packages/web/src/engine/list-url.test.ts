// The list's address rules: 1-based page, sortable fields only, search kept, at most five page buttons.
import { entityByName } from '@bank/domain';
import { describe, expect, it } from 'vitest';
import { listColumns, nextSort, pageWindow, readListUrl, writeListUrl } from './list-url';

const pack = entityByName('pack');
const read = (search: string) => readListUrl(pack, new URLSearchParams(search));

describe('list address', () => {
  it('reads page, sort and search, falling back on what makes no sense', () => {
    expect(read('page=3&sort=price,desc&search=Jeune')).toEqual({
      page: 3,
      sort: { field: 'price', order: 'desc' },
      search: 'Jeune',
    });
    expect(read('')).toEqual({ page: 1, sort: null, search: '' });
    expect(read('page=0&sort=price,sideways')).toEqual({ page: 1, sort: null, search: '' });
    expect(read('page=-2&sort=nope,asc').sort).toBeNull();
    // Join tables and pictures cannot be sorted by the server.
    expect(read('sort=serenityServices,asc').sort).toBeNull();
    expect(read('sort=picture,asc').sort).toBeNull();
    expect(read('sort=id,desc').sort).toEqual({ field: 'id', order: 'desc' });
  });

  it('writes changes and keeps the rest of the address', () => {
    const next = writeListUrl(new URLSearchParams('page=4&search=x&other=1'), {
      sort: { field: 'label', order: 'asc' },
      page: 1,
    });
    expect(next.toString()).toBe('page=1&search=x&other=1&sort=label%2Casc');
    expect(writeListUrl(next, { search: '' }).has('search')).toBe(false);
  });

  it('toggles a column asc → desc → asc, and starts another column ascending', () => {
    const asc = nextSort(null, 'label');
    expect(asc).toEqual({ field: 'label', order: 'asc' });
    const desc = nextSort(asc, 'label');
    expect(desc).toEqual({ field: 'label', order: 'desc' });
    expect(nextSort(desc, 'label')).toEqual({ field: 'label', order: 'asc' });
    expect(nextSort(desc, 'price')).toEqual({ field: 'price', order: 'asc' });
  });

  it('shows at most five page buttons around the active page', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(7, 20)).toEqual([5, 6, 7, 8, 9]);
    expect(pageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
  });

  it('has a column for every field but secrets', () => {
    expect(listColumns(entityByName('serenityUser')).map((f) => f.name)).not.toContain('password');
    expect(listColumns(pack).map((f) => f.name)).toContain('picture');
  });
});
