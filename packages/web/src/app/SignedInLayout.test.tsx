// The side menu's button of tablets and phones (the CSS that hides it on a laptop is the browser suite's):
// named, it says whether the menu it controls is open; its second press, Escape and a followed link close it.
import { ROLES } from '@bank/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { account, json, renderRoutes, stubFetch } from '../test/render';
import { routes } from './routes';

describe('side menu button', () => {
  it('opens the side menu and closes it by its button, by Escape and on following a link', async () => {
    const profile = { activeProfiles: ['dev'], ribbonEnv: 'dev', inProduction: false, isSwaggerEnabled: false };
    vi.stubGlobal('fetch', stubFetch({ 'GET /management/info': () => json(profile) }).fetchStub);
    const { router } = renderRoutes(routes, { path: '/', session: account('manager', [ROLES.MANAGER]) });
    // The signed-in shell loads on demand: slow on a busy machine.
    const button = await screen.findByRole('button', { name: 'Navigation menu' }, { timeout: 10_000 });
    const menu = document.getElementById(button.getAttribute('aria-controls')!)!;
    const opened = () => button.getAttribute('aria-expanded') === 'true' && menu.hasAttribute('data-opened');
    expect(menu.contains(screen.getByTestId('side-menu'))).toBe(true);
    expect(opened()).toBe(false);

    fireEvent.click(button);
    expect(opened()).toBe(true);
    fireEvent.click(button);
    expect(opened()).toBe(false);

    fireEvent.click(button);
    within(menu).getByRole('link', { name: 'Clients' }).focus();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(opened()).toBe(false);
    // The link that had the focus is hidden with the menu: the focus goes back to the button.
    expect(document.activeElement).toBe(button);

    fireEvent.click(button);
    fireEvent.click(within(menu).getByRole('link', { name: 'Clients' }));
    await waitFor(() => expect(opened()).toBe(false), { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/entity/client/manager');
  });
});
