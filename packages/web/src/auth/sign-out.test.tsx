import { ROLES } from '@bank/domain';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { request, setUnauthenticatedHandler } from '../api/http-client';
import { storeToken } from '../api/token-storage';
import { createQueryClient } from '../app/query-client';
import { routes } from '../app/routes';
import { account, json, renderRoutes, stubFetch } from '../test/render';
import { signOutWhenUnauthenticated } from './sign-out';

afterEach(() => {
  setUnauthenticatedHandler(null);
});

describe('sign-out on 401', () => {
  it('a 401 on any call signs out and the sign-in page says the session ended', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        'GET /management/info': () => json({ activeProfiles: [], ribbonEnv: null, inProduction: true }),
        'GET /core/api/clients': () => json({ status: 401, message: 'error.http.401' }, 401),
      }).fetchStub,
    );
    storeToken('expired', false);
    const queryClient = createQueryClient();
    signOutWhenUnauthenticated(queryClient);
    const { router } = renderRoutes(routes, {
      path: '/account/settings',
      session: account('manager', [ROLES.MANAGER]),
      queryClient,
    });
    await screen.findByRole('heading', { name: 'User settings for [manager]' });

    await act(() => request('core/api/clients').catch(() => undefined));

    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(queryClient.getQueryData(['session'])).toBeNull();
  });
});
