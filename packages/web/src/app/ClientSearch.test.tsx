import { ROLES, WORKFLOWS, entityByName } from '@bank/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ClientRequests } from '../screens/manager/ClientRequests';
import { account, json, renderRoutes, stubFetch } from '../test/render';
import { ClientSearch } from './ClientSearch';

const MATCH = { id: 42, name: 'Awa Diop', clientCode: 'CL000042', bankAccountNumber: 'SN0420001' };

function renderSearch(authorities: string[]) {
  const stub = stubFetch({ 'GET /core/api/_search/clients/quick': () => json([MATCH]) });
  vi.stubGlobal('fetch', stub.fetchStub);
  const view = renderRoutes(
    [
      { path: '/', element: <ClientSearch /> },
      { path: '/entity/bank-account/view/manager/:id', element: <p>client file</p> },
    ],
    { session: account('someone', authorities) },
  );
  return { ...view, calls: stub.calls };
}

describe('header client search', () => {
  it('opens on Ctrl+K, searches as one types and opens the client file on Enter', async () => {
    const { router, calls } = renderSearch([ROLES.AGENTDESAISIE]);
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    const input = await screen.findByRole('combobox', { name: 'Client code, name, account number or IBAN' });
    fireEvent.change(input, { target: { value: 'SN0420001' } });
    const option = await screen.findByRole('option', { name: /Awa Diop/ });
    // The first match is selected, for Enter and for a screen reader.
    await waitFor(() => expect(input.getAttribute('aria-activedescendant')).toBe(option.id));
    expect(calls.filter((c) => c.url.includes('/quick'))).toHaveLength(1);
    expect(calls[0]!.url).toContain('query=SN0420001');
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/entity/bank-account/view/manager/42'));
  });

  it('opens from its button too', async () => {
    renderSearch([ROLES.MANAGER]);
    fireEvent.click(screen.getByRole('button', { name: /^Search for a client/ }));
    expect(await screen.findByRole('dialog', { name: 'Search for a client' })).toBeTruthy();
  });

  it('is not offered to a user who may not open client files', () => {
    renderSearch([ROLES.USER]);
    expect(screen.queryByRole('button', { name: /^Search for a client/ })).toBeNull();
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe("the client file's requests", () => {
  it('links each request of every type to its form, with its status label', async () => {
    const rows = WORKFLOWS.map((workflow, i) => ({
      type: workflow.entity,
      id: 100 + i,
      status: 'PENDING',
      createdAt: '2026-11-20T10:00:00Z',
    }));
    const headers = { 'X-Total-Count': String(rows.length) };
    vi.stubGlobal('fetch', stubFetch({ 'GET /core/api/clients/7/requests': () => json(rows, 200, headers) }).fetchStub);
    renderRoutes([{ path: '/', element: <ClientRequests clientId={7} /> }], {
      session: account('manager', [ROLES.MANAGER]),
    });
    const table = await screen.findByTestId('client-requests');
    const links = within(table).getAllByRole('link');
    expect(links).toHaveLength(WORKFLOWS.length);
    const card = within(table).getByRole('link', { name: `Card order no. ${rows[1]!.id}` });
    expect(card.getAttribute('href')).toBe(`/entity/card-order/view/manager/${rows[1]!.id}/edit`);
    for (const [i, link] of links.entries()) {
      expect(link.getAttribute('href'), rows[i]!.type).toMatch(
        new RegExp(`^/entity/${entityByName(rows[i]!.type).route}/.*${rows[i]!.id}/edit$`),
      );
    }
    // No raw status code: each badge reads its enum's label.
    expect(within(table).queryByText('PENDING')).toBeNull();
  });
});
