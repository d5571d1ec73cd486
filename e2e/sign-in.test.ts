// Journeys of the foundation: every demo account signs in, errors show, deep links survive the
// detour through /login, sign-out, language switch, and the not-authorized page.
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '@bank/domain';
import { expectSecurityHeaders } from '../packages/server/test/security-headers';
import { baseURL, screenshot, submitSignIn, suiteBrowser } from './support';

const browser = suiteBrowser();

describe('sign-in', () => {
  it.each(DEMO_ACCOUNTS.map((a) => [a.login, a] as const))('%s signs in and sees its name', async (login, account) => {
    const { context, page, consoleErrors } = await browser.open();
    await page.goto('/');
    await page.waitForURL(/\/login(\?.*)?$/);
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    await submitSignIn(page, login);
    const welcome = page.getByTestId('home-welcome');
    await welcome.waitFor();
    expect(await welcome.textContent()).toContain(login);
    expect(await welcome.textContent()).toContain(account.lastName);
    expect(await page.getByTestId('admin-menu').count()).toBe(login === 'admin' ? 1 : 0);
    if (login === 'manager' || login === 'admin') await screenshot(page, `home-${login}`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('shows an error for a wrong password and stays on /login', async () => {
    const { context, page } = await browser.open();
    await page.goto('/login');
    await submitSignIn(page, 'manager', 'not-the-password');
    const error = page.getByTestId('login-error');
    await error.waitFor();
    expect(await error.textContent()).toMatch(/Échec de la connexion/);
    expect(new URL(page.url()).pathname).toBe('/login');
    await screenshot(page, 'login-wrong-password');
    await context.close();
  });

  it('shows both required messages when the fields are empty', async () => {
    const { context, page } = await browser.open();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByText("Le nom d'utilisateur ne peut pas être vide !").waitFor();
    await page.getByText('Le mot de passe ne peut pas être vide !').waitFor();
    await screenshot(page, 'login-empty-fields');
    await context.close();
  });

  it('brings a signed-out user back to the deep link after signing in', async () => {
    const { context, page } = await browser.open();
    await page.goto('/account/settings');
    await page.waitForURL(/\/login(\?.*)?$/);
    await submitSignIn(page, 'manager');
    await page.waitForURL(/\/account\/settings(\?.*)?$/);
    await page.getByRole('textbox', { name: /Email/i }).waitFor();
    await context.close();
  });

  it('opens the sign-in page without the router, whose links and sign-in hand over to the app', async () => {
    const { context, page, consoleErrors } = await browser.open();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => /\/router-/.test(path))).toEqual([]);
    // A link opens the app at its address, and the browser's back button comes back to the form.
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await page.getByRole('heading', { name: 'Réinitialiser votre mot de passe' }).waitFor();
    expect(scripts.some((path) => /\/router-/.test(path))).toBe(true);
    await page.goBack();
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    // Sent to the sign-in page from a deep link, then reloaded: the deep link is still where it leads.
    await page.goto('/account/settings');
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.reload();
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    await submitSignIn(page, 'manager');
    await page.getByRole('textbox', { name: /Email/i }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/account/settings');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('signs out and says so: the server ends the session, and going back shows the sign-in page', async () => {
    const { context, page } = await browser.open();
    await page.goto('/login');
    await submitSignIn(page, 'stagiaire');
    await page.getByTestId('home-welcome').waitFor();
    const token = await page.evaluate(() => sessionStorage.getItem('jhi-authenticationToken'));
    expect(token).not.toBeNull();
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    await page.getByText('Déconnexion réussie !').waitFor();
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('jhi-authenticationToken'))).toBeNull();
    // The old token is dead on the server too, not only forgotten by the browser.
    const replay = await fetch(`${baseURL()}/api/account`, { headers: { authorization: `Bearer ${token}` } });
    expect(replay.status).toBe(401);
    await page.goBack();
    await page.getByRole('heading', { name: 'Connexion' }).waitFor();
    await context.close();
  });

  it('serves the HTML page with the security headers, its scripts all from files (no inline script)', async () => {
    for (const url of ['/', '/admin/user-management']) {
      const response = await fetch(`${baseURL()}${url}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      const headers: Record<string, string> = {};
      response.headers.forEach((value, name) => (headers[name] = value));
      expectSecurityHeaders(headers, url);
      const scripts = (await response.text()).match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toMatch(/\bsrc=/);
    }
  });

  it('switches the visible labels to English and keeps the choice in the session', async () => {
    const { context, page } = await browser.open();
    await page.goto('/login');
    await page.getByTestId('language-picker').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await screenshot(page, 'login-english');
    await context.close();
  });

  it('shows the not-authorized message to a non-administrator on /admin', async () => {
    const { context, page } = await browser.open();
    await page.goto('/login');
    await submitSignIn(page, 'agentsaisie');
    await page.getByTestId('home-welcome').waitFor();
    await page.goto('/admin/health');
    const alert = page.getByTestId('not-authorized');
    await alert.waitFor();
    expect(await alert.textContent()).toContain("Vous n'êtes pas autorisé à accéder à cette page.");
    await screenshot(page, 'not-authorized');
    await context.close();
  });

  it('shows the administrator the health page from the admin menu', async () => {
    const { context, page } = await browser.open();
    await page.goto('/login');
    await submitSignIn(page, 'admin');
    await page.getByTestId('admin-menu').click();
    await page.getByRole('menuitem', { name: /Santé/ }).click();
    await page.getByTestId('health-db').waitFor();
    expect(await page.getByTestId('health-status').textContent()).toContain('OPÉRATIONNEL');
    await screenshot(page, 'admin-health');
    await context.close();
  });
});
