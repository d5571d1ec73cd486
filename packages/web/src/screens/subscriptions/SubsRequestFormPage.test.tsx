// The subscription request form through its screen: iban and phone required before any call, the
// pack selector without hidden packs and with prices in XOF, the check's refusal in a warning modal
// (no save), the save's failure message, and the check-then-save, confirmed, that lands on the
// subscription requests' list, every status, newest first (issue 38).
import { ROLES } from '@bank/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeEntityApi, type Call } from '../../test/entity-routes';
import { account, json, renderRoutes } from '../../test/render';
import { SubsRequestFormPage } from './SubsRequestFormPage';

const manager = account('manager', [ROLES.MANAGER]);

const routes = [
  { path: '/entity/subs-request/new', element: <SubsRequestFormPage /> },
  { path: '/entity/subs-request', element: <h1>subscription requests list</h1> },
];

const PACKS = [
  { id: 5, label: 'Pack Jeune', price: '500.00', hidden: false },
  { id: 2, label: 'Pack Confort', price: '15000.00', hidden: false },
];

function open(answer: (call: Call) => Response | undefined) {
  const api = fakeEntityApi(
    0,
    (id) => ({ id }),
    (call) => {
      if (call.url.pathname === '/core/api/packs') return json(PACKS, 200, { 'X-Total-Count': '2' });
      return answer(call);
    },
  );
  vi.stubGlobal('fetch', api.fetchStub);
  const view = renderRoutes(routes, { path: '/entity/subs-request/new', session: manager });
  const input = (label: string) => screen.getByLabelText(new RegExp(`^${label}( \\*)?$`));
  const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
  const fill = async () => {
    await screen.findByRole('heading', { name: 'New subscription request' });
    type('Login', 'awa.diop');
    type('Full name', 'Awa Diop');
    type('Email', 'awa.diop@example.sn');
    type('IBAN', 'SN63SN0120400101000000012767');
    type('Phone number', '+221 77 123 45 67');
    fireEvent.click(screen.getByTestId('pack-select'));
    fireEvent.click(await screen.findByRole('option', { name: 'Pack Confort · 15 000 XOF', hidden: true }));
  };
  const validate = () => fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
  const posts = () => api.calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname);
  return { ...view, api, type, fill, validate, posts };
}

describe('subscription request form', () => {
  it('requires the IBAN, the phone number and a pack before any call', async () => {
    const { validate, posts, api } = open(() => undefined);
    await screen.findByRole('heading', { name: 'New subscription request' });
    validate();
    // login, email, iban, phoneNumber and the pack.
    await waitFor(() => expect(screen.getAllByText('This field is required.')).toHaveLength(5));
    expect(posts()).toEqual([]);
    const packQuery = api.calls.find((c) => c.url.pathname === '/core/api/packs')!.url.searchParams;
    expect(packQuery.get('hidden.equals')).toBe('false');
  });

  it("shows the check's refusal in a warning modal with a cancel button, and saves nothing", async () => {
    const { fill, validate, posts, router } = open((call) =>
      call.url.pathname === '/core/api/subs-requests/check'
        ? json(
            {
              status: 400,
              title: 'Vérification du client',
              message: 'error.subscription.check',
              detail: 'Le RIB SN00 ne correspond à aucun compte de la banque.',
            },
            400,
          )
        : undefined,
    );
    await fill();
    validate();
    const modal = await screen.findByRole('dialog', { name: 'Customer check' });
    expect(within(modal).getByText('Le RIB SN00 ne correspond à aucun compte de la banque.')).toBeTruthy();
    expect(posts()).toEqual(['/core/api/subs-requests/check']);
    fireEvent.click(within(modal).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/entity/subs-request/new');
  });

  it('tells the operator what to do when the save fails after a good check', async () => {
    const { fill, validate, posts } = open((call) => {
      if (call.url.pathname === '/core/api/subs-requests/check') return json({ status: 200, message: 'ok' });
      if (call.url.pathname === '/core/api/subs-requests/save') return json({ status: 500, title: 'boom' }, 500);
      return undefined;
    });
    await fill();
    validate();
    const alert = await screen.findByTestId('save-failed');
    expect(alert.textContent).toContain('SN63SN0120400101000000012767');
    expect(posts()).toEqual(['/core/api/subs-requests/check', '/core/api/subs-requests/save']);
  });

  it('checks, then saves the request with its pack, says so, then opens the requests list', async () => {
    const { fill, validate, api, router } = open((call) => {
      if (call.url.pathname === '/core/api/subs-requests/check') return json({ status: 200, message: 'ok' });
      if (call.url.pathname === '/core/api/subs-requests/save')
        return json({ subsRequest: { id: 9 }, clientSubscription: { id: 4 } }, 201);
      return undefined;
    });
    await fill();
    validate();
    await waitFor(() => expect(router.state.location.pathname).toBe('/entity/subs-request'));
    expect(router.state.location.search).toBe('?status=all');
    await screen.findByText('Subscription request saved: it awaits validation.');
    const [check, save] = api.calls.filter((c) => c.method === 'POST');
    expect(check!.body).toEqual({
      iban: 'SN63SN0120400101000000012767',
      login: 'awa.diop',
      email: 'awa.diop@example.sn',
    });
    expect(save!.body).toMatchObject({
      packId: 2,
      subsRequestDTO: {
        login: 'awa.diop',
        fullName: 'Awa Diop',
        phoneNumber: '+221 77 123 45 67',
        clientType: 'COMPANY',
        serenityServices: [],
      },
    });
  });
});
