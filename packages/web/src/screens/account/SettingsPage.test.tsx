// The settings form: names and language go alone, a new e-mail asks for the current password (password
// resets go there) and a wrong one is told beside its field.
import { ROLES } from '@bank/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { storeToken } from '../../api/token-storage';
import { routes } from '../../app/routes';
import { account, json, renderRoutes, stubFetch } from '../../test/render';

function serve(answer: (body: Record<string, unknown>) => Response) {
  const sent: Record<string, unknown>[] = [];
  const stub = stubFetch({
    'GET /management/info': () => json({ activeProfiles: [], ribbonEnv: null, inProduction: true }),
    'GET /api/account': () => json(account('manager', [ROLES.MANAGER])),
    'POST /api/account': () => answer(sent.at(-1)!),
  });
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (init.method === 'POST') sent.push(JSON.parse(String(init.body)) as Record<string, unknown>);
    return stub.fetchStub(input, init);
  });
  storeToken('token', false);
  renderRoutes(routes, { path: '/account/settings', session: account('manager', [ROLES.MANAGER]) });
  return sent;
}

const ok = () => new Response(null, { status: 200 });
const field = (label: RegExp) => screen.getByLabelText(label);
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));

describe('settings page', () => {
  it('saves names and language without asking for the password', async () => {
    const sent = serve(ok);
    fireEvent.change(await screen.findByLabelText(/^First name/), { target: { value: 'Adja' } });
    expect(screen.queryByLabelText(/^Current password/)).toBeNull();
    save();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ firstName: 'Adja', lastName: 'Ndiaye', email: 'manager@bank.sn', langKey: 'en' });
  });

  it('asks for the current password once the e-mail changes, and tells a wrong one beside its field', async () => {
    const sent = serve((body) =>
      body.currentPassword === 'manager'
        ? ok()
        : json({ status: 400, message: 'error.invalidpassword', detail: 'The current password is wrong' }, 400),
    );
    fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: 'adja.sow@bank.sn' } });
    expect(screen.getByText(/Password resets go to your e-mail address/)).toBeTruthy();
    save();
    expect(await screen.findByText('Your current password is required.')).toBeTruthy();
    expect(sent).toHaveLength(0);

    fireEvent.change(field(/^Current password/), { target: { value: 'faux' } });
    save();
    expect(await screen.findByText('The current password is wrong.')).toBeTruthy();
    fireEvent.change(field(/^Current password/), { target: { value: 'manager' } });
    save();
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ email: 'adja.sow@bank.sn', currentPassword: 'manager' });
    expect(await screen.findByText('Settings saved!')).toBeTruthy();
  });

  it('asks for it in French too', async () => {
    const fr = (await import('../../../public/i18n/fr.json')).default as {
      settings: { form: { currentPassword: { description: string } } };
      error: Record<string, unknown>;
    };
    expect(fr.settings.form.currentPassword.description).toMatch(/^Votre adresse e-mail reçoit les réinitialisations/);
    expect(fr.error.invalidpassword).toBe('Le mot de passe actuel est incorrect.');
    expect(fr.error.currentPasswordRequired).toBe("Saisissez votre mot de passe actuel pour changer d'adresse e-mail.");
  });
});
