// What a field's declaration changes on the generic screens: a ref's joined name (user branches,
// §2.16) is the link's text; another system's code reads as its label, the code in its tooltip (issue 38).
// (Masks are applied by the server: see the server's write-policy suite.)
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

  it("shows an OTP delivery's status code by its label, the code in the tooltip, an unknown code as itself", async () => {
    const api = fakeEntityApi(2, (id) => ({
      id,
      otp: '123456',
      phoneNumber: '+221770000000',
      createdAt: '2026-11-20T10:00:00Z',
      statusCode: id === 1 ? 'VERIFIED' : 'BOUNCED',
    }));
    vi.stubGlobal('fetch', api.fetchStub);
    renderRoutes(entityRoutes, { path: '/entity/otp-registry', session: account('admin', [ROLES.ADMIN]) });
    const label = await screen.findByText('Verified');
    expect(label.getAttribute('title')).toBe('VERIFIED');
    expect(screen.queryByText('VERIFIED')).toBeNull();
    expect(screen.getByText('BOUNCED')).toBeTruthy();
  });
});
