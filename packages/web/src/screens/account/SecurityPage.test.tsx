import { ROLES } from '@bank/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeToken } from '../../api/token-storage';
import { routes } from '../../app/routes';
import { account, json, renderRoutes, stubFetch } from '../../test/render';

afterEach(() => vi.unstubAllGlobals());

const SESSIONS = [
  {
    id: 'here',
    createdAt: '2026-11-25T08:00:00Z',
    lastSeenAt: '2026-11-25T09:30:00Z',
    ip: '10.0.0.12',
    userAgent: 'Chromium poste 12',
    method: 'password',
    current: true,
  },
  {
    id: 'forgotten',
    createdAt: '2026-11-24T17:00:00Z',
    lastSeenAt: '2026-11-24T17:40:00Z',
    ip: '10.0.0.3',
    userAgent: 'Firefox guichet 3',
    method: 'password',
    current: false,
  },
];

describe('security page', () => {
  it('is open to a trainee: lists the sessions, marks this one, and signs out the other', async () => {
    let open = SESSIONS;
    const { fetchStub, calls } = stubFetch({
      'GET /management/info': () => json({ activeProfiles: [], ribbonEnv: null, inProduction: true }),
      'GET /api/account/sessions': () => json(open),
      'DELETE /api/account/sessions/forgotten': () => {
        open = SESSIONS.filter((s) => s.id !== 'forgotten');
        return new Response(null, { status: 204 });
      },
    });
    vi.stubGlobal('fetch', fetchStub);
    storeToken('token', false);
    renderRoutes(routes, { path: '/account/security', session: account('stagiaire', [ROLES.STAGIAIRE]) });
    const table = await screen.findByTestId('sessions-table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('This session')).toBeTruthy();
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    fireEvent.click(within(rows[1]!).getByRole('button', { name: /^Sign out the session Firefox guichet 3/ }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/api/account/sessions/forgotten'))).toBe(true);
  });
});
