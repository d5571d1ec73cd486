import { ROLES } from '@bank/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthenticatedHandler } from '../api/http-client';
import { storeToken } from '../api/token-storage';
import { createQueryClient } from './query-client';
import { routes } from './routes';
import { account, json, renderRoutes, stubFetch } from '../test/render';

// Only the clock is faked: the page's own timers run, the user "comes back" minutes later.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(() => {
  vi.useRealTimers();
  setUnauthenticatedHandler(null);
});

const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

async function signedInAsManager() {
  const { fetchStub, calls } = stubFetch({
    'GET /management/info': () =>
      json({ activeProfiles: [], ribbonEnv: null, inProduction: true, sessionIdleMinutes: 2 }),
    'GET /api/account': () => json(account('manager', [ROLES.MANAGER])),
  });
  vi.stubGlobal('fetch', fetchStub);
  storeToken('token', false);
  const queryClient = createQueryClient();
  const rendered = renderRoutes(routes, {
    path: '/account/settings',
    session: account('manager', [ROLES.MANAGER]),
    queryClient,
  });
  await screen.findByRole('heading', { name: 'User settings for [manager]' });
  return { ...rendered, calls, queryClient };
}

describe('idle session', () => {
  it('warns before the limit, and staying signed in counts as use', async () => {
    const { calls } = await signedInAsManager();
    expect(screen.queryByRole('dialog')).toBeNull();
    later(110_000);
    const dialog = await screen.findByRole('dialog', { name: 'Your session is about to expire' });
    expect(dialog.textContent).toMatch(/signed out in \d+ s\./);
    const before = calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.slice(before).some((call) => call.url.endsWith('/api/account'))).toBe(true);
  });

  it('signs out at the limit and the sign-in page says why, ready to come back', async () => {
    const { router, queryClient } = await signedInAsManager();
    later(121_000);
    await screen.findByText(
      'Your session expired after a period of inactivity. Sign in again to pick up where you left off.',
    );
    expect(router.state.location.pathname).toBe('/login');
    expect((router.state.location.state as { from?: { pathname: string } }).from?.pathname).toBe('/account/settings');
    expect(queryClient.getQueryData(['session'])).toBeNull();
  });
});
