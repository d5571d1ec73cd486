import { ROLES, TOKEN_STORAGE_KEY } from '@bank/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import en from '../../public/i18n/en.json';
import fr from '../../public/i18n/fr.json';
import { DIRECTORY_REFUSALS } from '../api/directory';
import { routes } from '../app/routes';
import { i18n } from '../i18n/i18n';
import { account, json, renderRoutes, stubFetch } from '../test/render';

const manager = account('manager', [ROLES.MANAGER]);

function serve(password: string) {
  const stub = stubFetch({
    'POST /api/authenticate': () => {
      const body = JSON.parse(String(stub.calls.at(-1)?.body)) as { password: string };
      return body.password === password
        ? json({ id_token: 'jwt' }, 200, { Authorization: 'Bearer jwt' })
        : json({ status: 401, title: 'Unauthorized', message: 'error.http.401' }, 401);
    },
    'GET /api/account': () => json(manager),
    'GET /management/info': () => json({ activeProfiles: ['dev'], ribbonEnv: 'dev', inProduction: false }),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

/** Once the page has arrived (a lazy route in the app). */
async function fill(username: string, password: string) {
  fireEvent.change(await screen.findByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in page', () => {
  it('shows the title, the two fields and no remember-me', async () => {
    serve('manager');
    renderRoutes(routes, { path: '/login' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByLabelText('Username')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('says both fields are empty at once, without calling the server', async () => {
    const { calls } = serve('manager');
    renderRoutes(routes, { path: '/login' });
    await fill('', '');
    expect(await screen.findByText('Username cannot be empty!')).toBeTruthy();
    expect(screen.getByText('Password cannot be empty!')).toBeTruthy();
    expect(calls.some((call) => call.url.includes('authenticate'))).toBe(false);
  });

  it('says it in French, and switches the message with the language', async () => {
    await i18n.changeLanguage('fr');
    serve('manager');
    renderRoutes(routes, { path: '/login' });
    fireEvent.click(await screen.findByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText("Le nom d'utilisateur ne peut pas être vide !")).toBeTruthy();
    expect(screen.getByText('Le mot de passe ne peut pas être vide !')).toBeTruthy();
    await i18n.changeLanguage('en');
    expect(await screen.findByText('Username cannot be empty!')).toBeTruthy();
  });

  it('shows a visible error for a wrong password and stays signed out', async () => {
    serve('manager');
    const { router } = renderRoutes(routes, { path: '/login' });
    await screen.findByRole('heading', { name: 'Sign in' });
    await fill('manager', 'wrong');
    expect(await screen.findByText('Failed to sign in! Please check your credentials and try again.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('signs in without remember-me and returns to the page that was asked for', async () => {
    const { calls } = serve('manager');
    const { router } = renderRoutes(routes, { path: '/account/password' });
    await screen.findByRole('heading', { name: 'Sign in' });
    await fill('manager', 'manager');
    expect(await screen.findByRole('heading', { name: 'Password for [manager]' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account/password');
    const sent = calls.find((call) => call.url === '/api/authenticate');
    expect(JSON.parse(String(sent?.body))).toMatchObject({ rememberMe: false });
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('jwt');
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/account')?.headers.get('Authorization')).toBe('Bearer jwt'),
    );
  });

  it('sends an already signed-in user on to home', async () => {
    serve('manager');
    renderRoutes(routes, { path: '/login', session: manager });
    expect(await screen.findByText('You are logged in as user "manager".')).toBeTruthy();
    expect(screen.getByText('Hello Moussa Ndiaye.')).toBeTruthy();
  });

  it('asks for the second factor when the server does, and signs in with it', async () => {
    const stub = stubFetch({
      'POST /api/authenticate': () => {
        const body = JSON.parse(String(stub.calls.at(-1)?.body)) as { otp?: string };
        if (body.otp === '123456') return json({ id_token: 'jwt' }, 200, { Authorization: 'Bearer jwt' });
        const message = body.otp === undefined ? 'error.mfaRequired' : 'error.mfaInvalid';
        return json({ status: 401, title: 'Unauthorized', message }, 401);
      },
      'GET /api/account': () => json(manager),
      'GET /management/info': () => json({ activeProfiles: ['dev'], ribbonEnv: 'dev', inProduction: false }),
    });
    vi.stubGlobal('fetch', stub.fetchStub);
    const { router } = renderRoutes(routes, { path: '/login' });
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(screen.queryByLabelText('Verification code')).toBeNull();
    await fill('manager', 'manager');
    expect(await screen.findByText('Enter the code from your authenticator app (or a recovery code).')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('This code is wrong, expired or already used.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('sign-in through the bank’s directory', () => {
  function serveDirectory(oidc: { label: string } | null) {
    const stub = stubFetch({
      'GET /api/account': () => json(manager),
      'GET /management/info': () => json({ activeProfiles: ['dev'], ribbonEnv: 'dev', inProduction: false, oidc }),
    });
    vi.stubGlobal('fetch', stub.fetchStub);
  }

  it('offers "Sign in with …" when the server has a directory, keeping the page that was asked for', async () => {
    serveDirectory({ label: 'Annuaire Banque' });
    renderRoutes(routes, { path: '/account/password' });
    const link = await screen.findByRole('link', { name: 'Sign in with Annuaire Banque' });
    expect(link.getAttribute('href')).toBe('/oauth2/authorization/oidc?returnTo=%2Faccount%2Fpassword');
    // Password sign-in stays, for local accounts.
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });

  it('says it in French', async () => {
    await i18n.changeLanguage('fr');
    serveDirectory({ label: 'Annuaire Banque' });
    renderRoutes(routes, { path: '/login' });
    const link = await screen.findByRole('link', { name: 'Se connecter avec Annuaire Banque' });
    expect(link.getAttribute('href')).toBe('/oauth2/authorization/oidc');
    await i18n.changeLanguage('en');
  });

  it('offers nothing of the kind without a directory', async () => {
    serveDirectory(null);
    renderRoutes(routes, { path: '/login' });
    await screen.findByRole('heading', { name: 'Sign in' });
    await waitFor(() => expect(screen.getByLabelText('Password')).toBeTruthy());
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
  });

  it('has a text in both languages for every reason the server gives', () => {
    for (const key of DIRECTORY_REFUSALS)
      for (const catalogue of [fr, en]) expect(typeof catalogue.oidc.error[key], key).toBe('string');
  });

  it.each([
    ['noRole', 'No bank role is given to this account in the directory. Ask an administrator for access.'],
    ['localAccount', 'A local bank account already has this login or e-mail address'],
    ['invalid', "The directory's answer could not be verified"],
    ['something-else', "The directory's answer could not be verified"],
  ])('explains a refused directory sign-in (%s)', async (key, text) => {
    serveDirectory({ label: 'Annuaire Banque' });
    renderRoutes(routes, { path: `/login?oidcError=${key}` });
    const alert = await screen.findByTestId('login-error');
    expect(alert.textContent).toContain(text);
  });
});
