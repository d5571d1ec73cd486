// What a field's declaration changes on the generic screens: a ref's joined name (user branches,
// §2.16) is the link's text. (Masks are applied by the server: see the server's write-policy suite.)
import { ROLES } from '@bank/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { entityRoutes, fakeEntityApi } from '../test/entity-routes';
import { account, renderRoutes } from '../test/render';

describe('declared cells', () => {
  it("shows a user branch's branch by name, linking to the branch", async () => {
    const api = fakeEntityApi(1, (id) => ({
      id,
      login: 'agentca',
      email: 'agentca@bank.sn',
      phoneNumber: '+221770000000',
      branchId: 4,
      branchName: 'Agence Thiès',
    }));
    vi.stubGlobal('fetch', api.fetchStub);
    renderRoutes(entityRoutes, { path: '/entity/user-branch', session: account('admin', [ROLES.ADMIN]) });
    const link = await screen.findByRole('link', { name: 'Agence Thiès' });
    expect(link.getAttribute('href')).toBe('/entity/branch/4');
  });
});
