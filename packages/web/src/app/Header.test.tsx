import { ROLES, TOKEN_STORAGE_KEY } from '@bank/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ProfileInfo } from '../api/types';
import { account, json, renderRoutes, stubFetch } from '../test/render';
import { createQueryClient } from './query-client';
import { routes } from './routes';

function serveProfile(profile: Partial<ProfileInfo> = {}) {
  const info = { activeProfiles: ['dev'], ribbonEnv: 'dev', inProduction: false, isSwaggerEnabled: false, ...profile };
  vi.stubGlobal('fetch', stubFetch({ 'GET /management/info': () => json(info) }).fetchStub);
}

async function openMenu(testId: string) {
  fireEvent.click(await screen.findByTestId(testId));
  return screen.findAllByRole('menuitem');
}

describe('header', () => {
  it('shows the admin menu, with every administration screen, to ADMIN only', async () => {
    serveProfile();
    renderRoutes(routes, { path: '/', session: account('admin', [ROLES.ADMIN, ROLES.USER]) });
    const items = await openMenu('admin-menu');
    expect(items.map((item) => item.textContent)).toEqual([
      'Gateway',
      'User management',
      'Metrics',
      'Health',
      'Configuration',
      'Audits',
      'Access log',
      'Logs',
      'Online-banking accounts',
      'Books',
      'Ledger corrections',
    ]);
    expect(items[3]?.getAttribute('href')).toBe('/admin/health');
  });

  it('hides the admin menu from a manager', async () => {
    serveProfile();
    renderRoutes(routes, { path: '/', session: account('manager', [ROLES.MANAGER]) });
    await screen.findByTestId('home-welcome');
    expect(screen.queryByTestId('admin-menu')).toBeNull();
  });

  it('offers settings, password, security and sign-out when signed in, sign-in otherwise', async () => {
    serveProfile();
    renderRoutes(routes, { path: '/', session: account('manager', [ROLES.MANAGER]) });
    expect((await openMenu('account-menu')).map((item) => item.textContent)).toEqual([
      'Settings',
      'Password',
      'Security',
      'Sign out',
    ]);
  });

  it('offers a trainee their own password and security, not the settings the spec keeps to managers', async () => {
    serveProfile();
    renderRoutes(routes, { path: '/', session: account('stagiaire', [ROLES.STAGIAIRE]) });
    expect((await openMenu('account-menu')).map((item) => item.textContent)).toEqual([
      'Password',
      'Security',
      'Sign out',
    ]);
  });

  it('offers only sign-in when signed out', async () => {
    serveProfile();
    renderRoutes(routes, { path: '/login' });
    expect((await openMenu('account-menu')).map((item) => item.textContent)).toEqual(['Sign in']);
  });

  it('switches the visible labels at once and keeps the language for the session', async () => {
    serveProfile();
    renderRoutes(routes, { path: '/login' });
    const items = await openMenu('language-picker');
    fireEvent.click(items.find((item) => item.textContent === 'Français')!);
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeTruthy();
    expect(screen.getByTestId('account-menu').textContent).toBe('Compte');
    expect(sessionStorage.getItem('locale')).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
  });

  it('shows the environment ribbon outside production only', async () => {
    serveProfile();
    const first = renderRoutes(routes, { path: '/login' });
    expect((await screen.findByTestId('ribbon')).textContent).toBe('Development');
    first.unmount();
    serveProfile({ inProduction: true, ribbonEnv: null, activeProfiles: ['prod'] });
    renderRoutes(routes, { path: '/login' });
    await screen.findByRole('heading', { name: 'Sign in' });
    await waitFor(() => expect(screen.queryByTestId('ribbon')).toBeNull());
  });
});

describe('sign-out', () => {
  it('/logout clears the token and the session and says so', async () => {
    serveProfile();
    sessionStorage.setItem(TOKEN_STORAGE_KEY, 'jwt');
    const queryClient = createQueryClient();
    queryClient.setQueryData(['core', 'clients'], ['cached']);
    renderRoutes(routes, { path: '/logout', session: account('manager', [ROLES.MANAGER]), queryClient });
    expect(await screen.findByText('Logged out successfully!')).toBeTruthy();
    expect(sessionStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    await waitFor(() => expect(queryClient.getQueryData(['core', 'clients'])).toBeUndefined());
    expect((await openMenu('account-menu')).map((item) => item.textContent)).toEqual(['Sign in']);
  });
});
