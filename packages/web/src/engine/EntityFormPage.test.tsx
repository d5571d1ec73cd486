// The form controller through its screen: client validation with the server's rules before any call,
// the exact body sent, server field errors on their inputs, the id read-only on edit, then the list.
import { ROLES } from '@bank/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { entityRoutes, fakeEntityApi, type Call } from '../test/entity-routes';
import { account, json, renderRoutes } from '../test/render';

const manager = account('manager', [ROLES.MANAGER]);

function open(path: string, answer: (call: Call) => Response | undefined = () => undefined, session = manager) {
  const api = fakeEntityApi(0, (id) => ({ id }), answer);
  vi.stubGlobal('fetch', api.fetchStub);
  const view = renderRoutes(entityRoutes, { path, session });
  // Required labels end with an asterisk.
  const input = (label: string) => screen.getByLabelText(new RegExp(`^${label}( \\*)?$`));
  const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
  const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  return { ...view, api, input, type, save, writes: () => api.calls.filter((c) => c.method !== 'GET') };
}

describe('useEntityForm through the generic form', () => {
  it('names what the server would refuse, sends nothing until it is fixed, then the exact body', async () => {
    const { api, input, type, save, writes, router } = open('/entity/pack/new', (call) =>
      call.method === 'POST' ? json({ id: 12, version: 0 }, 201) : undefined,
    );
    expect(await screen.findByRole('heading', { name: 'Create: Pack' })).toBeTruthy();
    save();
    await waitFor(() => expect(screen.getAllByText('This field is required.')).toHaveLength(2));
    type('Label', 'Pack Jeune');
    type('Price', 'douze');
    expect(await screen.findByText('This field should be a number.')).toBeTruthy();
    save();
    await waitFor(() => expect(document.activeElement).toBe(input('Price')));
    expect(writes()).toEqual([]);

    // Whole XOF: a fraction is named as such, never rounded.
    type('Price', '2 500,50');
    expect(await screen.findByText('Amounts are whole XOF, without decimals.')).toBeTruthy();
    save();
    expect(writes()).toEqual([]);
    type('Price', '2 500');
    await waitFor(() => expect(screen.queryByText('Amounts are whole XOF, without decimals.')).toBeNull());
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/entity/pack'));
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(post.url.pathname).toBe('/core/api/packs');
    expect(post.body).toEqual({
      label: 'Pack Jeune',
      price: '2500',
      picture: null,
      pictureContentType: null,
      updatedAt: null,
      description: null,
      createdBy: null,
      hidden: false,
      serenityServices: [],
    });
  });

  it('shows the server field errors on their inputs and stays on the form', async () => {
    const { type, save, router } = open('/entity/pack/new', (call) =>
      call.method === 'POST'
        ? json(
            {
              status: 400,
              message: 'error.validation',
              fieldErrors: [
                { objectName: 'pack', field: 'label', message: 'Unique' },
                { objectName: 'body', field: 'price', message: 'DecimalMax' },
              ],
            },
            400,
          )
        : undefined,
    );
    await screen.findByRole('heading', { name: 'Create: Pack' });
    type('Label', 'Pack Jeune');
    type('Price', '1');
    save();
    expect(await screen.findByText('This value is already used.')).toBeTruthy();
    expect(screen.getByText('The value of this field is out of the allowed range.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/entity/pack/new');
  });

  it('edits a row: id read-only, the version sent back, then the list', async () => {
    const row = {
      id: 7,
      version: 2,
      code: '01001',
      name: 'Agence Plateau',
      longitude: '-17.43810000',
      latitude: null,
      address: null,
    };
    const { api, type, save, router } = open('/entity/branch/7/edit', (call) => {
      if (call.method === 'GET' && call.url.pathname === '/core/api/branches/7') return json(row);
      if (call.method === 'PUT') return json({ ...row, version: 3 });
      return undefined;
    });
    expect(await screen.findByDisplayValue('Agence Plateau')).toBeTruthy();
    const id = screen.getByLabelText('ID') as HTMLInputElement;
    expect(id.value).toBe('7');
    expect(id.readOnly).toBe(true);
    type('Name', 'Agence Plateau Centre');
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/entity/branch'));
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.url.pathname).toBe('/core/api/branches/7');
    expect(put.body).toEqual({
      id: 7,
      version: 2,
      code: '01001',
      name: 'Agence Plateau Centre',
      longitude: '-17.43810000',
      latitude: null,
      address: null,
    });
  });

  it('starts a new form with the enum defaults, without the fields the server sets', async () => {
    open('/entity/checkbook-order/new');
    expect(await screen.findByDisplayValue('Crossed')).toBeTruthy();
    expect(screen.getByDisplayValue('25 checks')).toBeTruthy();
    // A new request's status, observation and dates are the server's (the write policy): not asked.
    expect(screen.queryByDisplayValue('In progress')).toBeNull();
    expect(screen.queryByLabelText('Created at')).toBeNull();
  });

  it('shows an account’s balances, identity and, to a trainee, its overdraft read-only, and sends none of them', async () => {
    const row = {
      id: 5,
      version: 1,
      bankAccountNumber: 'SN0120000005',
      ownerName: 'Awa Diop',
      iban: 'SN08 01001 000000000005 42',
      balance: '250000',
      blockedAmount: '0',
      availableAmount: '250000',
      authorizedAmount: '100000',
      clientId: 3,
    };
    const answer = (call: Call) => {
      if (call.method === 'GET' && call.url.pathname === '/core/api/bank-accounts/5') return json(row);
      if (call.method === 'PUT') return json({ ...row, version: 2 });
      return undefined;
    };
    const disabled = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).disabled;
    const trainee = open('/entity/bank-account/5/edit', answer, account('stagiaire', [ROLES.STAGIAIRE]));
    expect(await screen.findByDisplayValue('Awa Diop')).toBeTruthy();
    for (const label of ['Balance', 'Available amount', 'IBAN', 'Account number', 'Authorized overdraft'])
      expect(disabled(label), label).toBe(true);
    expect(disabled('Owner name')).toBe(false);
    trainee.type('Owner name', 'Awa Diop Ndiaye');
    trainee.save();
    await waitFor(() => expect(trainee.router.state.location.pathname).toBe('/entity/bank-account'));
    const put = trainee.api.calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(put).toMatchObject({ id: 5, version: 1, ownerName: 'Awa Diop Ndiaye' });
    for (const field of ['balance', 'availableAmount', 'iban', 'clientId', 'authorizedAmount'])
      expect(put).not.toHaveProperty(field);
    trainee.unmount();

    open('/entity/bank-account/5/edit', answer);
    expect(await screen.findByDisplayValue('Awa Diop')).toBeTruthy();
    expect(disabled('Authorized overdraft')).toBe(false);
    expect(disabled('IBAN')).toBe(true);
  });

  it('shows the not-found page for an id that is not one', async () => {
    open('/entity/branch/abc/edit');
    expect(await screen.findByText('Not found')).toBeTruthy();
  });
});
