// The notifications bell (issue 38): the unread count on the bell, the list under it with each decision in
// words and colour, a notification followed leads to its request's screen and is marked read; « mark all
// as read » asks the server once; staff only (a customer's account has no bell, and asks for none).
import { ROLES, type NotificationList } from '@bank/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { account, json, renderRoutes, stubFetch } from '../test/render';
import { routes } from './routes';

const LIST: NotificationList = {
  unread: 1,
  items: [
    {
      id: 7,
      entity: 'cardOrder',
      requestId: 12,
      status: 'REJECTED',
      reason: 'filed',
      decidedBy: 'manager',
      createdAt: '2026-11-28T09:30:00Z',
      read: false,
    },
    {
      id: 5,
      entity: 'transfer',
      requestId: 40,
      status: 'VALIDATED',
      reason: 'approved',
      decidedBy: 'responsabledesk',
      createdAt: '2026-11-27T16:00:00Z',
      read: true,
    },
  ],
};

function serve(list: NotificationList) {
  const profile = { activeProfiles: ['dev'], ribbonEnv: 'dev', inProduction: false, isSwaggerEnabled: false };
  const stub = stubFetch({
    'GET /management/info': () => json(profile),
    'GET /api/account/notifications': () => json(list),
    'PUT /api/account/notifications/7/read': () => new Response(null, { status: 204 }),
    'PUT /api/account/notifications/read': () => new Response(null, { status: 204 }),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub.calls;
}

const bell = () => screen.findByTestId('notification-bell', {}, { timeout: 10_000 });
/** Waits for the shell (loaded on demand: slow on a busy machine), then for the bell to be named `name`. */
async function bellNamed(name: string) {
  await bell();
  await waitFor(() => expect(screen.getByTestId('notification-bell').getAttribute('aria-label')).toBe(name), {
    timeout: 10_000,
  });
}

describe('notifications bell', () => {
  it('shows the unread count and lists each decision, linking to its request', async () => {
    const calls = serve(LIST);
    const { router } = renderRoutes(routes, { path: '/', session: account('agentsaisie', [ROLES.AGENTDESAISIE]) });
    await bellNamed('Notifications, unread: 1');
    fireEvent.click(await bell());
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^RejectedCard order no\. 12Filed by you, decided by manager on 28\/11\/26 \d\d:\d\d$/),
      expect.stringMatching(
        /^ValidatedTransfer no\. 40Your first validation, decided by responsabledesk on 27\/11\/26 \d\d:\d\d$/,
      ),
      'Mark all as read',
    ]);
    expect(items[0]!.querySelector('[data-status="REJECTED"]')).not.toBeNull();
    expect(items[0]!.getAttribute('href')).toBe('/work/request/cardOrder/12');

    fireEvent.click(items[0]!);
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'PUT' && c.url.endsWith('/api/account/notifications/7/read'))).toBe(true),
    );
    // Through /work/request, to the request's own screen.
    await waitFor(() => expect(router.state.location.pathname).toBe('/entity/card-order/view/manager/12/edit'), {
      timeout: 10_000,
    });
  });

  it('marks all read in one call', async () => {
    const calls = serve(LIST);
    renderRoutes(routes, { path: '/', session: account('agentsaisie', [ROLES.AGENTDESAISIE]) });
    await bellNamed('Notifications, unread: 1');
    fireEvent.click(await bell());
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT' && c.url.endsWith('/api/account/notifications/read'))).toHaveLength(
        1,
      ),
    );
  });

  it('says when there is nothing', async () => {
    serve({ unread: 0, items: [] });
    renderRoutes(routes, { path: '/', session: account('reclamations', [ROLES.GESTIONRECLAMATIONSCLIENTS]) });
    await bellNamed('Notifications, unread: 0');
    fireEvent.click(await bell());
    const none = await screen.findByRole('menuitem', { name: 'No notifications' });
    expect(none.hasAttribute('disabled') || none.getAttribute('data-disabled') === 'true').toBe(true);
  });

  it('is not shown to, nor asked for by, an account without a staff role', async () => {
    const calls = serve(LIST);
    renderRoutes(routes, { path: '/', session: account('client', [ROLES.USER]) });
    await screen.findByTestId('home-welcome', {}, { timeout: 10_000 });
    await screen.findByTestId('account-menu');
    expect(screen.queryByTestId('notification-bell')).toBeNull();
    expect(calls.some((c) => c.url.includes('/api/account/notifications'))).toBe(false);
  });
});
