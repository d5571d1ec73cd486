// The entity data provider: URLs per entity (core and gateway bases, search), zero-based pages, the
// total and next page from the headers, and the mutations' calls.
import { entityByName } from '@bank/domain';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../test/render';
import { entityMutations, fetchEntityPage, parseLinkHeader } from './entities';

describe('parseLinkHeader', () => {
  it('reads the relations of a Link header', () => {
    expect(
      parseLinkHeader(
        '</core/api/branches?page=1&size=20>; rel="next", </core/api/branches?page=2&size=20>; rel="last"',
      ),
    ).toEqual({ next: '/core/api/branches?page=1&size=20', last: '/core/api/branches?page=2&size=20' });
    expect(parseLinkHeader(null)).toEqual({});
  });
});

describe('fetchEntityPage', () => {
  it('lists with page, size and sort; the total and the next page come from the headers', async () => {
    const { fetchStub, calls } = stubFetch({
      'GET /core/api/branches': () =>
        json([{ id: 21 }], 200, { 'X-Total-Count': '45', Link: '</core/api/branches?page=2>; rel="next"' }),
    });
    vi.stubGlobal('fetch', fetchStub);
    const page = await fetchEntityPage(entityByName('branch'), { page: 1, size: 20, sort: ['name,desc', 'id,asc'] });
    expect(calls[0]!.url).toBe('/core/api/branches?page=1&size=20&sort=name%2Cdesc&sort=id%2Casc');
    // The page says where it was read from, without its paging: what the list's export asks for.
    expect(page).toEqual({
      rows: [{ id: 21 }],
      total: 45,
      page: 1,
      hasNext: true,
      source: { path: '/core/api/branches', query: { sort: ['name,desc', 'id,asc'] } },
    });
  });

  it('searches through _search under the entity’s own API base when there is text', async () => {
    const { fetchStub, calls } = stubFetch({
      'GET /api/_search/otp-registries': () => json([], 200, { 'X-Total-Count': '0' }),
    });
    vi.stubGlobal('fetch', fetchStub);
    const page = await fetchEntityPage(entityByName('otpRegistry'), { page: 0, size: 20, query: ' 77 ' });
    expect(calls[0]!.url).toBe('/api/_search/otp-registries?query=77&page=0&size=20');
    expect(page.hasNext).toBe(false);
  });
});

describe('entityMutations', () => {
  it('creates, updates and deletes at the entity path, with the entity named for error toasts', async () => {
    const { fetchStub, calls } = stubFetch({
      'POST /core/api/card-types': () => json({ id: 9, version: 0 }, 201),
      'PUT /core/api/card-types/9': () => json({ id: 9, version: 1 }),
      'DELETE /core/api/card-types/9': () => new Response(null, { status: 204 }),
    });
    vi.stubGlobal('fetch', fetchStub);
    const client = new QueryClient();
    const mutations = entityMutations(entityByName('cardType'), client);
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    await mutations.create.mutationFn!({ label: 'Visa' }, undefined as never);
    await mutations.update.mutationFn!({ id: 9, version: 0, label: 'Visa Gold' }, undefined as never);
    await mutations.remove.mutationFn!(9, undefined as never);
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /core/api/card-types',
      'PUT /core/api/card-types/9',
      'DELETE /core/api/card-types/9',
    ]);
    expect(JSON.parse(String(calls[1]!.body))).toEqual({ id: 9, version: 0, label: 'Visa Gold' });
    await mutations.remove.onSuccess!(undefined, 9, undefined as never, undefined as never);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['entities', 'cardType'] });
  });
});
