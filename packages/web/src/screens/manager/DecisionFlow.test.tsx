// The decision form's fast path: the observation has the focus, Ctrl+Enter saves and opens the next
// request of the list view in the form's address (not the one decided, not a closed one, not one
// another login has open, not one whose first four-eyes validation is this user's) with no status chosen,
// Ctrl+Enter without a decision sends nothing and asks for one, an empty queue is said and leads back to
// that view, and a save made elsewhere is told with a reload.
import { ROLES } from '@bank/domain';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { savedQuery, type SavedEvent } from '../../api/events';
import type { Call } from '../../test/entity-routes';
import { account, json, renderRoutes } from '../../test/render';
import { RequestDecisionPage } from './RequestDecisionPage';

const routes = [
  { path: '/entity/:route/view/manager', element: <p>the list</p> },
  { path: '/entity/:route/view/manager/:id/edit', element: <RequestDecisionPage /> },
];
const VIEW = '?sort=createdAt,desc&page=1';

const order = (id: number, orderStatus = 'PENDING', version = 1) => ({
  id,
  version,
  holderName: `Titulaire ${id}`,
  orderStatus,
  comment: null,
  createdAt: '2026-11-19T18:34:00Z',
  updatedAt: null,
});

/** A large transfer: two validations by different logins (the four-eyes rule). */
const transfer = (id: number, demandStatus = 'PENDING', version = 1) => ({
  id,
  version,
  amount: '2500000',
  demandStatus,
  comment: null,
  createdAt: '2026-11-19T18:34:00Z',
});

type Request = ReturnType<typeof order> | ReturnType<typeof transfer>;

/** Each request API these tests call: its list view's route and its rows. */
const APIS = {
  'card-orders': { list: '/core/api/card-orders', row: order },
  transfers: { list: '/core/api/criterial_search/transfers', row: transfer },
};

/**
 * A request API (card orders unless said): `queue` is the list view's page, `claimed` the rows another
 * login has open, `approvedByMe` the rows whose first validation this user (manager) gave.
 */
function open(
  path: string,
  queue: Request[],
  {
    claimed = [],
    approvedByMe = [],
    resource = 'card-orders',
  }: Partial<{
    claimed: number[];
    approvedByMe: number[];
    resource: keyof typeof APIS;
  }> = {},
) {
  const api = APIS[resource];
  const calls: Call[] = [];
  const versions = new Map<number, number>();
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const call = { method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const asked = () => url.searchParams.get('ids')!.split(',').map(Number);
    const one = new RegExp(`^/core/api/${resource}/(\\d+)$`).exec(url.pathname);
    if (one && call.method === 'GET')
      return json(api.row(Number(one[1]), 'PENDING', versions.get(Number(one[1])) ?? 1));
    if (one && call.method === 'PUT') return json(api.row(Number(one[1]), 'VALIDATED', 2));
    if (url.pathname === api.list) return json(queue, 200, { 'X-Total-Count': String(queue.length) });
    if (url.pathname === `/core/api/presence/${resource}`) {
      return json(
        asked()
          .filter((id) => claimed.includes(id))
          .map((id) => ({ id, login: 'desk', since: '' })),
      );
    }
    if (url.pathname === `/core/api/${resource}/open-approvals`) {
      const mine = asked().filter((id) => approvedByMe.includes(id));
      return json(Object.fromEntries(mine.map((id) => [id, [{ login: 'manager', approvedAt: '' }]])));
    }
    if (url.pathname.endsWith('/approvals')) return json({ required: true, approvals: [] });
    if (url.pathname.includes('/story/')) return json([]);
    if (url.pathname.startsWith('/core/api/presence/')) return call.method === 'PUT' ? json([]) : json(null, 204);
    return new Response(null, { status: 204 });
  });
  const view = renderRoutes(routes, { path, session: account('manager', [ROLES.MANAGER]) });
  return { ...view, calls, versions };
}

const observation = () => screen.getByRole('textbox', { name: 'Observation' });
const ctrlEnter = () => fireEvent.keyDown(observation(), { key: 'Enter', ctrlKey: true });
const status = () => screen.getByRole('combobox', { name: 'Request status' });
/** Chooses the decision in the status select. */
async function choose(name: string) {
  fireEvent.click(status());
  fireEvent.click(await screen.findByRole('option', { name, hidden: true }));
}

describe('deciding fast', () => {
  it('saves on Ctrl+Enter and opens the next free request of the same list view', async () => {
    const { router, calls } = open(
      `/entity/card-order/view/manager/5/edit${VIEW}`,
      [order(5, 'VALIDATED'), order(6, 'VALIDATED'), order(7), order(8), order(9)],
      { claimed: [7] },
    );
    await waitFor(() => expect(document.activeElement).toBe(observation()));
    await choose('Validated');
    fireEvent.change(observation(), { target: { value: 'Carte commandée' } });
    ctrlEnter();
    await waitFor(() => expect(router.state.location.pathname).toBe('/entity/card-order/view/manager/8/edit'));
    expect(router.state.location.search).toBe(VIEW);
    const put = calls.find((call) => call.method === 'PUT' && call.url.pathname === '/core/api/card-orders/5')!;
    expect(put.body).toMatchObject({ id: 5, version: 1, orderStatus: 'VALIDATED', comment: 'Carte commandée' });
    // The list's own query: its order and its page (zero-based on the wire).
    const list = calls.find((call) => call.url.pathname === '/core/api/card-orders')!.url.searchParams;
    expect([list.getAll('sort'), list.get('page')]).toEqual([['createdAt,desc'], '0']);
    // Only the open ones were asked about.
    expect(
      calls.find((call) => call.url.pathname === '/core/api/presence/card-orders')!.url.searchParams.get('ids'),
    ).toBe('7,8,9');
    await waitFor(() => expect(document.activeElement).toBe(observation()));
  });

  it('opens the next request with no status chosen; Ctrl+Enter without one sends nothing and asks for it', async () => {
    const { router, calls } = open(`/entity/card-order/view/manager/5/edit${VIEW}`, [
      order(5, 'VALIDATED'),
      order(6),
      order(7),
    ]);
    await waitFor(() => expect(document.activeElement).toBe(observation()));
    expect(screen.getByTestId('current-status').textContent).toBe('Current statusPending');
    expect(status()).toHaveProperty('value', '');
    await choose('Validated');
    fireEvent.change(observation(), { target: { value: 'Première' } });
    ctrlEnter();
    await waitFor(() => expect(router.state.location.pathname).toBe('/entity/card-order/view/manager/6/edit'));
    await waitFor(() => expect(document.activeElement).toBe(observation()));
    // Nothing carried over from the decision just made.
    expect(status()).toHaveProperty('value', '');
    fireEvent.change(observation(), { target: { value: 'Deuxième' } });
    ctrlEnter();
    const said = () => screen.queryAllByRole('alert').map((alert) => alert.textContent);
    expect(said()).toContain('Choose a decision: nothing was saved.');
    expect(document.activeElement).toBe(status());
    expect(status().getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.pathname).toBe('/entity/card-order/view/manager/6/edit');
    expect(calls.filter((call) => call.method === 'PUT' && call.url.pathname === '/core/api/card-orders/6')).toEqual(
      [],
    );
    // The observation typed is still there; choosing a decision clears the message, Ctrl+Enter then saves it.
    expect(observation()).toHaveProperty('value', 'Deuxième');
    await choose('Rejected');
    expect(said()).not.toContain('Choose a decision: nothing was saved.');
    ctrlEnter();
    await waitFor(() => expect(router.state.location.pathname).toBe('/entity/card-order/view/manager/7/edit'));
    const put = calls.find((call) => call.method === 'PUT' && call.url.pathname === '/core/api/card-orders/6')!;
    expect(put.body).toMatchObject({ id: 6, orderStatus: 'REJECTED', comment: 'Deuxième' });
  });

  it("passes by the requests whose first validation is this user's: another login must give the second", async () => {
    const { router, calls } = open(
      '/entity/transfer/view/manager/5/edit?status=queue',
      [transfer(5), transfer(6), transfer(7), transfer(8, 'INPROGRESS')],
      { resource: 'transfers', approvedByMe: [6] },
    );
    await waitFor(() => expect(document.activeElement).toBe(observation()));
    await choose('Validated');
    ctrlEnter();
    await waitFor(() => expect(router.state.location.pathname).toBe('/entity/transfer/view/manager/7/edit'));
    // Only the requests waiting for a second validation were asked about.
    expect(
      calls.find((call) => call.url.pathname === '/core/api/transfers/open-approvals')!.url.searchParams.get('ids'),
    ).toBe('6,7');
  });

  it('says the queue is empty and goes back to the list view', async () => {
    const { router } = open(`/entity/card-order/view/manager/5/edit${VIEW}`, [order(5), order(6)], { claimed: [6] });
    await waitFor(() => expect(document.activeElement).toBe(observation()));
    await choose('Rejected');
    fireEvent.change(observation(), { target: { value: 'Dernière' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit and next' }));
    expect(await screen.findByText('No request left to process in this list.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/entity/card-order/view/manager'));
    expect(router.state.location.search).toBe(VIEW);
  });

  it('tells who saved the request meanwhile, and reloads it on demand', async () => {
    const { queryClient, versions } = open(`/entity/card-order/view/manager/5/edit${VIEW}`, []);
    await waitFor(() => expect(document.activeElement).toBe(observation()));
    // The stream's news of an older save (the version shown) is no news.
    const heard = (version: number) =>
      act(() => {
        const saved: SavedEvent = { resource: 'card-orders', id: 5, login: 'desk', version };
        queryClient.setQueryData(savedQuery('card-orders', 5).queryKey, saved);
      });
    heard(1);
    expect(screen.queryByTestId('saved-elsewhere')).toBeNull();
    heard(2);
    expect((await screen.findByTestId('saved-elsewhere')).textContent).toContain(
      'This request has just been saved by desk.',
    );
    versions.set(5, 2);
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByTestId('saved-elsewhere')).toBeNull());
  });
});
