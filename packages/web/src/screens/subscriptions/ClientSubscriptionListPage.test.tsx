// The client subscriptions list and its validation page: newest first, the filters sent as filled,
// 'Edit' and 'Delete' for the manager and the desk head, 'View' for the others; the validation
// page's status and pack sent in the PUT, and no 'Validate' for who may not validate; the detail page
// with the subscriber, the state badge and the pack, Edit and Delete only for the desk.
import { ROLES } from '@bank/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeEntityApi, type Call } from '../../test/entity-routes';
import { account, json, renderRoutes } from '../../test/render';
import { ClientSubscriptionDetailPage } from './ClientSubscriptionDetailPage';
import { ClientSubscriptionEditPage } from './ClientSubscriptionEditPage';
import { ClientSubscriptionListPage } from './ClientSubscriptionListPage';
import { DeleteDialogPage } from './DeleteDialogPage';

const routes = [
  {
    path: '/entity/client-subscription',
    element: <ClientSubscriptionListPage />,
    children: [{ path: ':id/delete', element: <DeleteDialogPage /> }],
  },
  { path: '/entity/client-subscription/:id', element: <ClientSubscriptionDetailPage /> },
  { path: '/entity/client-subscription/:id/edit', element: <ClientSubscriptionEditPage /> },
];

const subscription = (id: number) => ({
  id,
  version: 3,
  validationDate: null,
  createdAt: '2026-11-20T10:00:00Z',
  subscriptionStatus: 'PENDING',
  packId: 5,
  bankAccountId: 40,
  subsRequestId: 70 + id,
  packLabel: 'Pack Jeune',
  fullName: `Abonné ${id}`,
  iban: 'SN63SN0120400101000000012767',
  phoneNumber: '+221770000000',
  email: `abonne${id}@example.sn`,
  clientType: 'PERSONAL',
  clientName: 'Awa Diop',
  clientCode: 'CL000001',
});

function open(path: string, authorities: string[], answer: (call: Call) => Response | undefined = () => undefined) {
  const api = fakeEntityApi(3, subscription, (call) => {
    if (call.url.pathname === '/core/api/packs')
      return json([{ id: 2, label: 'Pack Confort', price: '15000.00' }], 200, { 'X-Total-Count': '1' });
    if (call.url.pathname === '/core/api/client-subscriptions/2' && call.method === 'GET') return json(subscription(2));
    if (call.url.pathname === '/core/api/subs-requests/72')
      return json({ id: 72, serenityServices: [{ id: 1, label: 'Consultation de solde' }] });
    return answer(call);
  });
  vi.stubGlobal('fetch', api.fetchStub);
  return { api, ...renderRoutes(routes, { path, session: account('someone', authorities) }) };
}

describe('client subscriptions', () => {
  it('lists newest first with the filled filters, and offers Edit and Delete to the desk', async () => {
    const { api } = open('/entity/client-subscription', [ROLES.RESPONSABLEDESK]);
    const table = await screen.findByTestId('client-subscription-table');
    expect(within(table).getAllByRole('link', { name: 'Edit' })).toHaveLength(3);
    expect(within(table).getAllByRole('link', { name: 'Delete' })).toHaveLength(3);
    expect(within(table).queryByRole('link', { name: 'View' })).toBeNull();
    const first = api.lastList();
    expect(first.pathname).toBe('/core/api/_search/ClientSubscription/filtre');
    expect(first.searchParams.getAll('sort')).toEqual(['createdAt,desc', 'id,desc']);

    fireEvent.change(screen.getByLabelText('RIB'), { target: { value: 'SN63' } });
    fireEvent.change(screen.getByLabelText('Client reference'), { target: { value: 'CL000001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.lastList().searchParams.get('rib')).toBe('SN63'));
    expect(api.lastList().searchParams.get('reference')).toBe('CL000001');
    expect(api.lastList().searchParams.has('name')).toBe(false);
  });

  it('asks before deleting, naming the id, and goes back to the list after Delete', async () => {
    const { api, router } = open('/entity/client-subscription?rib=SN63', [ROLES.MANAGER], (call) =>
      call.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined,
    );
    const table = await screen.findByTestId('client-subscription-table');
    fireEvent.click(within(table).getAllByRole('link', { name: 'Delete' })[1]!);
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('(#2)');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/entity/client-subscription'));
    expect(router.state.location.search).toBe('?rib=SN63');
    expect(api.calls.find((call) => call.method === 'DELETE')!.url.pathname).toBe('/core/api/client-subscriptions/2');
  });

  it.each([ROLES.AGENTDESAISIE, ROLES.GESTIONRECLAMATIONSCLIENTS])('offers %s View only', async (role) => {
    open('/entity/client-subscription', [role]);
    const table = await screen.findByTestId('client-subscription-table');
    expect(within(table).getAllByRole('link', { name: 'View' })).toHaveLength(3);
    expect(within(table).queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(within(table).queryByRole('link', { name: 'Delete' })).toBeNull();
  });

  it('validates with the chosen state and pack, then goes back to the list', async () => {
    const { api, router } = open('/entity/client-subscription/2/edit', [ROLES.MANAGER], (call) =>
      call.method === 'PUT' ? json({ ...subscription(2), version: 4 }) : undefined,
    );
    expect(await screen.findByText('Consultation de solde')).toBeTruthy();
    expect(screen.getByText('abonne2@example.sn')).toBeTruthy();
    fireEvent.click(screen.getByTestId('state-select'));
    fireEvent.click(await screen.findByRole('option', { name: 'Enabled', hidden: true }));
    fireEvent.click(screen.getByTestId('pack-select'));
    fireEvent.click(await screen.findByRole('option', { name: 'Pack Confort · 15 000 XOF', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/entity/client-subscription'));
    const put = api.calls.find((call) => call.method === 'PUT')!;
    expect(put.url.pathname).toBe('/core/api/client-subscriptions/2');
    expect(put.body).toMatchObject({ id: 2, version: 3, subscriptionStatus: 'ENABLE', packId: 2, subsRequestId: 72 });
    expect(typeof (put.body as { validationDate: unknown }).validationDate).toBe('string');
  });

  it('shows the validation page read-only, without Validate, to a data-entry agent', async () => {
    open('/entity/client-subscription/2/edit', [ROLES.AGENTDESAISIE]);
    expect(await screen.findByText('abonne2@example.sn')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Validate' })).toBeNull();
    expect((screen.getByTestId('state-select') as HTMLInputElement).disabled).toBe(true);
  });

  it('shows the detail with its state and pack; Edit and Delete for the desk only', async () => {
    const desk = open('/entity/client-subscription/2', [ROLES.MANAGER]);
    const facts = await screen.findByTestId('subscriber-facts');
    expect(within(facts).getByText('abonne2@example.sn')).toBeTruthy();
    expect(await within(facts).findByText('Consultation de solde')).toBeTruthy();
    const state = screen.getByTestId('subscription-state');
    expect(state.querySelector('[data-status="PENDING"]')).toBeTruthy();
    expect(within(state).getByText('Pack Jeune')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/entity/client-subscription/2/edit');
    fireEvent.click(screen.getByRole('link', { name: 'Delete' }));
    await waitFor(() => expect(desk.router.state.location.pathname).toBe('/entity/client-subscription/2/delete'));
    desk.unmount();

    open('/entity/client-subscription/2', [ROLES.AGENTDESAISIE]);
    await screen.findByTestId('subscriber-facts');
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/entity/client-subscription');
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Delete' })).toBeNull();
  });
});
