import { ROLES, TOKEN_STORAGE_KEY } from '@bank/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../app/routes';
import { account, json, renderRoutes, stubFetch } from '../test/render';

const manager = account('alice', [ROLES.MANAGER]);

/** The server: a hand-off code that works once, then the account of the token it gave. */
function serve(validCode: string) {
  let spent = false;
  const stub = stubFetch({
    'POST /api/authenticate/oidc': () => {
      const { code } = JSON.parse(String(stub.calls.at(-1)?.body)) as { code: string };
      if (code !== validCode || spent)
        return json({ status: 401, message: 'login.messages.error.authentication' }, 401);
      spent = true;
      return json({ id_token: 'directory-jwt' }, 200, { Authorization: 'Bearer directory-jwt' });
    },
    'GET /api/account': () => json(manager),
    // A directory session never has to enrol a second factor.
    'GET /api/account/mfa': () => json({ totp: false, recoveryCodesLeft: 0, enrolmentRequired: false }),
    'GET /management/info': () =>
      json({ activeProfiles: ['dev'], ribbonEnv: 'dev', inProduction: false, oidc: { label: 'Annuaire' } }),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

afterEach(() => {
  sessionStorage.clear();
});

describe('the end of a directory sign-in (/login/oidc)', () => {
  it('exchanges the code once for the token and goes on to the page that was asked for', async () => {
    const { calls } = serve('the-code');
    const { router } = renderRoutes(routes, { path: '/login/oidc#code=the-code&to=%2Faccount%2Fpassword' });
    expect(await screen.findByRole('heading', { name: 'Password for [alice]' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account/password');
    expect(router.state.location.hash).toBe('');
    const sent = calls.filter((call) => call.url === '/api/authenticate/oidc');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(String(sent[0]!.body))).toEqual({ code: 'the-code' });
    // For the browser session only: a directory sign-in has no "remember me".
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBe('directory-jwt');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('goes home rather than to another site', async () => {
    serve('other-code');
    const { router } = renderRoutes(routes, { path: '/login/oidc#code=other-code&to=%2F%2Fevil.example' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('You are logged in as user "alice".')).toBeTruthy();
  });

  it('sends a code that no longer works back to the sign-in page, which says why', async () => {
    serve('the-code');
    const { router } = renderRoutes(routes, { path: '/login/oidc#code=spent-or-expired' });
    expect(
      await screen.findByText('The sign-in through the directory expired or was already used. Please start again.'),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('does the same without any code', async () => {
    const { calls } = serve('the-code');
    const { router } = renderRoutes(routes, { path: '/login/oidc' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.some((call) => call.url.includes('authenticate'))).toBe(false);
  });
});
