import { ROLES, ROUTE_ACCESS } from '@bank/domain';
import { screen } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../app/routes';
import { i18n } from '../i18n/i18n';
import { account, json, renderRoutes, stubFetch } from '../test/render';
import { PrivateRoute } from './PrivateRoute';

function LoginProbe() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from?.pathname;
  return <p>login page, from {from}</p>;
}

const guarded = (authorities: readonly string[]): RouteObject[] => [
  { path: '/login', element: <LoginProbe /> },
  {
    path: '/area',
    element: <PrivateRoute authorities={authorities} />,
    children: [{ path: 'page', element: <p>the page</p> }],
  },
];

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    stubFetch({
      'GET /management/info': () => json({ activeProfiles: ['dev'], ribbonEnv: 'dev', inProduction: false }),
    }).fetchStub,
  );
});

describe('PrivateRoute', () => {
  it('sends a signed-out user to /login, keeping the requested location', async () => {
    renderRoutes(guarded(ROUTE_ACCESS.account), { path: '/area/page' });
    expect(await screen.findByText('login page, from /area/page')).toBeTruthy();
    expect(screen.queryByText('the page')).toBeNull();
  });

  it('shows the not-authorized alert to a signed-in user lacking the authority', async () => {
    renderRoutes(guarded(ROUTE_ACCESS.account), {
      path: '/area/page',
      session: account('stagiaire', [ROLES.STAGIAIRE]),
    });
    expect(await screen.findByText('You are not authorized to access this page.')).toBeTruthy();
    expect(screen.queryByText('the page')).toBeNull();
  });

  it('says it in French when French is chosen', async () => {
    await i18n.changeLanguage('fr');
    renderRoutes(guarded(ROUTE_ACCESS.admin), { path: '/area/page', session: account('agentca', [ROLES.AGENTCA]) });
    expect(await screen.findByText("Vous n'êtes pas autorisé à accéder à cette page.")).toBeTruthy();
  });

  it('lets in a user holding any one of the listed authorities', async () => {
    renderRoutes(guarded(ROUTE_ACCESS.entity), {
      path: '/area/page',
      session: account('agentrsic', [ROLES.AGENTRSIC]),
    });
    expect(await screen.findByText('the page')).toBeTruthy();
  });

  it('with no list, lets in any signed-in user', async () => {
    renderRoutes(guarded([]), { path: '/area/page', session: account('stagiaire', [ROLES.STAGIAIRE]) });
    expect(await screen.findByText('the page')).toBeTruthy();
  });

  it('treats an account that is not activated as signed out', async () => {
    const inactive = { ...account('manager', [ROLES.MANAGER]), activated: false };
    renderRoutes(guarded(ROUTE_ACCESS.account), { path: '/area/page', session: inactive });
    expect(await screen.findByText('login page, from /area/page')).toBeTruthy();
  });
});

describe('the app routes', () => {
  it('send a signed-out visitor of /account/settings to the sign-in page', async () => {
    const { router } = renderRoutes(routes, { path: '/account/settings' });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('keep the administration group from a manager lacking ADMIN for health', async () => {
    renderRoutes(routes, { path: '/admin/health', session: account('manager', [ROLES.MANAGER]) });
    expect(await screen.findByText('You are not authorized to access this page.')).toBeTruthy();
  });

  it('keep /entity from a signed-in user with no staff role', async () => {
    renderRoutes(routes, { path: '/entity', session: account('someone', [ROLES.USER]) });
    expect(await screen.findByText('You are not authorized to access this page.')).toBeTruthy();
  });

  it('show the account settings page to a manager', async () => {
    renderRoutes(routes, { path: '/account/settings', session: account('manager', [ROLES.MANAGER]) });
    expect(await screen.findByRole('heading', { name: 'User settings for [manager]' })).toBeTruthy();
    expect((screen.getByLabelText(/Email/) as HTMLInputElement).value).toBe('manager@bank.sn');
  });

  it('show the not-found page for an unknown path', async () => {
    renderRoutes(routes, { path: '/nowhere', session: account('manager', [ROLES.MANAGER]) });
    expect(await screen.findByText('The page does not exist.')).toBeTruthy();
  });
});
