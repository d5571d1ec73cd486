// Drafts through the generic form (useEntityForm): what was typed comes back when the form opens again
// (a reload, a sign-in again), for the same login only, over the row on edit; discarded on demand, cleared
// once saved.
import { ROLES } from '@bank/domain';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { draftStorageKey } from '../api/drafts';
import { entityRoutes, fakeEntityApi, type Call } from '../test/entity-routes';
import { account, json, renderRoutes } from '../test/render';

const manager = account('manager', [ROLES.MANAGER]);

function open(path: string, session = manager, answer: (call: Call) => Response | undefined = () => undefined) {
  const api = fakeEntityApi(0, (id) => ({ id }), answer);
  vi.stubGlobal('fetch', api.fetchStub);
  const view = renderRoutes(entityRoutes, { path, session });
  const label = () => screen.getByLabelText(/^Label( \*)?$/) as HTMLInputElement;
  return { ...view, api, label };
}

const newPack = draftStorageKey({ login: 'manager', form: 'entity:pack', id: null });

describe('drafts of the generic form', () => {
  it('bring back what was typed in a new form, for the same login only, until discarded', async () => {
    let form = open('/entity/pack/new');
    await screen.findByRole('heading', { name: 'Create: Pack' });
    expect(screen.queryByText('Draft restored')).toBeNull();
    fireEvent.change(form.label(), { target: { value: 'Pack Brouillon' } });
    await waitFor(() => expect(localStorage.getItem(newPack)).toContain('Pack Brouillon'));

    // The page loaded again: the draft is there, said so.
    cleanup();
    form = open('/entity/pack/new');
    await screen.findByText('Draft restored');
    expect(form.label().value).toBe('Pack Brouillon');

    // Another login at the same browser sees an empty form.
    cleanup();
    form = open('/entity/pack/new', account('responsabledesk', [ROLES.MANAGER]));
    await screen.findByRole('heading', { name: 'Create: Pack' });
    expect(form.label().value).toBe('');
    expect(screen.queryByText('Draft restored')).toBeNull();

    cleanup();
    form = open('/entity/pack/new');
    fireEvent.click(await screen.findByRole('button', { name: 'Discard the draft' }));
    expect(form.label().value).toBe('');
    expect(screen.queryByText('Draft restored')).toBeNull();
    expect(localStorage.getItem(newPack)).toBeNull();
  });

  it('restore a draft over the row on edit, send the row’s version, and clear it once saved', async () => {
    const row = { id: 1, version: 3, label: 'Pack Or', price: '5000' };
    const answer = (call: Call) => {
      if (call.method === 'GET' && call.url.pathname === '/core/api/packs/1') return json(row);
      return call.method === 'PUT' ? json({ ...row, version: 4 }) : undefined;
    };
    let form = open('/entity/pack/1/edit', manager, answer);
    await waitFor(() => expect(form.label().value).toBe('Pack Or'));
    fireEvent.change(form.label(), { target: { value: 'Pack Or modifié' } });
    const key = draftStorageKey({ login: 'manager', form: 'entity:pack', id: 1 });
    await waitFor(() => expect(localStorage.getItem(key)).toContain('Pack Or modifié'));

    cleanup();
    form = open('/entity/pack/1/edit', manager, answer);
    await screen.findByText('Draft restored');
    expect(form.label().value).toBe('Pack Or modifié');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(form.router.state.location.pathname).toBe('/entity/pack'));
    expect(form.api.calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      id: 1,
      version: 3,
      label: 'Pack Or modifié',
    });
    expect(localStorage.getItem(key)).toBeNull();
  });
});
