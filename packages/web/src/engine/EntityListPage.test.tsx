// The list controller through its screen: page, sort and search live in the address and drive the API
// calls (zero-based pages); access hides actions; the delete dialog goes back to the list it was over.
import { ROLES } from '@bank/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeEntityApi, entityRoutes } from '../test/entity-routes';
import { account, renderRoutes } from '../test/render';

const manager = account('manager', [ROLES.MANAGER]);
const branch = (id: number) => ({ id, version: 0, code: `0${id}`, name: `Agence ${id}`, address: 'Dakar' });

function open(path: string, total = 45, session = manager, row: (id: number) => Record<string, unknown> = branch) {
  const api = fakeEntityApi(total, row);
  vi.stubGlobal('fetch', api.fetchStub);
  const view = renderRoutes(entityRoutes, { path, session });
  const address = () => new URLSearchParams(view.router.state.location.search);
  return { ...view, api, address };
}

describe('useEntityList through the generic list', () => {
  it('syncs page, sort and search with the address and asks the API for them', { timeout: 120_000 }, async () => {
    const { api, address } = open('/entity/branch');
    expect(await screen.findByText('Agence 1')).toBeTruthy();
    expect(api.lastList().pathname).toBe('/core/api/branches');
    expect(api.lastList().search).toBe('?page=0&size=20&sort=id%2Casc');
    expect(screen.getByTestId('entity-count').textContent).toBe('Items 1 to 20 of 45');
    expect(screen.getByRole('columnheader', { name: /ID/ }).getAttribute('aria-sort')).toBe('ascending');
    // Spec part 1 §2.3: the address carries the default page and order too.
    await waitFor(() => expect(address().toString()).toBe('page=1&sort=id%2Casc'));

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Agence 21')).toBeTruthy();
    expect(address().get('page')).toBe('2');
    expect(api.lastList().searchParams.get('page')).toBe('1');

    fireEvent.click(screen.getByRole('button', { name: 'Sort by Name' }));
    await waitFor(() => expect(address().get('sort')).toBe('name,asc'));
    expect(address().get('page')).toBe('1');
    await waitFor(() => expect(api.lastList().searchParams.get('sort')).toBe('name,asc'));
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Name' }));
    await waitFor(() => expect(address().get('sort')).toBe('name,desc'));
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');

    const box = screen.getByLabelText('Search: Branch');
    expect((screen.getByRole('button', { name: 'Search' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(box, { target: { value: '  Thiès ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(address().get('search')).toBe('Thiès'));
    await waitFor(() => expect(api.lastList().pathname).toBe('/core/api/_search/branches'));
    expect(api.lastList().searchParams.get('query')).toBe('Thiès');
    expect(api.lastList().searchParams.get('page')).toBe('0');

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(address().has('search')).toBe(false));
    await waitFor(() => expect(api.lastList().pathname).toBe('/core/api/branches'));
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('starts from the address: 1-based page, sort and search', async () => {
    const { api } = open('/entity/branch?page=3&sort=code,desc&search=Thi%C3%A8s');
    expect(await screen.findByText('Agence 41')).toBeTruthy();
    expect(api.lastList().pathname).toBe('/core/api/_search/branches');
    expect(api.lastList().search).toBe('?query=Thi%C3%A8s&page=2&size=20&sort=code%2Cdesc');
    expect((screen.getByLabelText('Search: Branch') as HTMLInputElement).value).toBe('Thiès');
    expect(screen.getByRole('button', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows the empty state and at most five page buttons', async () => {
    open('/entity/branch', 0);
    expect(await screen.findByText('No items found.')).toBeTruthy();
    vi.unstubAllGlobals();
    open('/entity/branch?page=7', 400);
    expect(await screen.findByText('Agence 121')).toBeTruthy();
    const pages = screen.getAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent);
    expect(pages).toEqual(['5', '6', '7', '8', '9']);
  });

  it('offers row actions and create as the access matrix allows', async () => {
    const row = (id: number) => ({ id, version: 0, name: `Client ${id}` });
    open('/entity/client', 3, account('agentsaisie', [ROLES.AGENTDESAISIE]), row);
    expect(await screen.findByText('Client 1')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit 1' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Delete 1' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Create' })).toBeTruthy();
    vi.unstubAllGlobals();
    open('/entity/client', 3, manager, row);
    expect(await screen.findByRole('link', { name: 'Delete 1' })).toBeTruthy();
  });

  it('confirms a delete over the list, then goes back to the same page of the list, reloaded', async () => {
    const { api, address, router } = open('/entity/branch/3/delete?page=2');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm delete operation' });
    expect(dialog.textContent).toContain('Are you sure you want to delete this Branch (#3)?');
    const before = api.calls.filter((c) => c.method === 'GET').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/entity/branch'));
    expect(address().get('page')).toBe('2');
    expect(api.calls.find((c) => c.method === 'DELETE')?.url.pathname).toBe('/core/api/branches/3');
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'GET').length).toBeGreaterThan(before));
  });

  it('cancels a delete without calling the API', async () => {
    const { api, router } = open('/entity/branch/3/delete');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/entity/branch'));
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('grows an infinite list page by page, without page buttons', async () => {
    const { api } = open('/entity/otp-registry', 45, manager, (id) => ({ id, otp: `OTP${id}`, statusCode: 'SENT' }));
    expect(await screen.findByText('OTP20')).toBeTruthy();
    expect(api.lastList().pathname).toBe('/api/otp-registries');
    expect(screen.queryByRole('button', { name: 'Page 2' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('OTP40')).toBeTruthy();
    expect(api.lastList().searchParams.get('page')).toBe('1');
  });

  it('lists an unpaged entity at once, without sort buttons', async () => {
    // Failed sign-ins are for administrators only.
    const admin = account('admin', [ROLES.ADMIN]);
    const { api } = open('/entity/user-attempts', 3, admin, (id) => ({ id, principal: `login${id}`, attempts: id }));
    expect(await screen.findByText('login3')).toBeTruthy();
    expect(api.lastList().search).toBe('?page=0&size=1000');
    expect(screen.queryByRole('button', { name: /^Sort by/ })).toBeNull();
    expect(screen.getByTestId('entity-count').textContent).toBe('Total: 3');
  });

  it('shows the not-found page for an unknown entity', async () => {
    open('/entity/no-such-thing');
    expect(await screen.findByText('Not found')).toBeTruthy();
  });
});
