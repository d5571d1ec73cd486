// Sign-in through the bank's directory in a real browser: the sign-in page's "Se connecter avec …", the
// directory's own pages (a real OpenID Connect provider, started by global-setup), and back in the app
// signed in with the menus of the role the directory's group gives; a user in no bank group is refused
// with a page that says why.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { directoryUsers } from '../packages/server/test/oidc-provider';
import { screenshot, suiteBrowser } from './support';

const browser = suiteBrowser();
const users = directoryUsers();

/** From the app's sign-in page: the directory's button, its sign-in form as `account`, its consent if asked. */
async function signInThroughDirectory(page: Page, account: string, landed: ReturnType<Page['getByTestId']>) {
  await page.getByRole('heading', { name: 'Connexion' }).waitFor();
  await page.getByRole('link', { name: 'Se connecter avec Annuaire Banque' }).click();
  // The directory's page (oidc-provider's development sign-in form: any password).
  await page.getByPlaceholder('Enter any login').fill(account);
  await page.getByPlaceholder('and password').fill('mot-de-passe-annuaire');
  await screenshot(page, `oidc-directory-login-${account}`);
  await page.getByRole('button', { name: 'Sign-in' }).click();
  const consent = page.getByRole('button', { name: 'Continue' });
  await consent.or(landed).first().waitFor();
  if (await consent.isVisible()) await consent.click();
}

describe('sign-in through the bank’s directory', () => {
  it('signs a manager in from the directory, with the manager’s menus', async () => {
    const { context, page } = await browser.open();
    await page.goto('/');
    await page.waitForURL(/\/login(\?.*)?$/);
    // Password sign-in stays, for local accounts.
    await page.getByLabel("Nom d'utilisateur").waitFor();
    await screenshot(page, 'oidc-login-page');
    const welcome = page.getByTestId('home-welcome');
    await signInThroughDirectory(page, 'alice', welcome);
    await welcome.waitFor();
    expect(await welcome.textContent()).toContain('alice');
    expect(await welcome.textContent()).toContain(users.alice!.family_name);
    for (const section of ['DEMANDES', 'SUPPORTS', 'PARAMÈTRES'])
      await page.getByTestId('side-menu').getByText(section).waitFor();
    expect(await page.getByTestId('admin-menu').count()).toBe(0);
    // Neither the token nor the hand-off code is left in the address.
    expect(new URL(page.url()).hash).toBe('');
    expect(page.url()).not.toContain('code=');
    await screenshot(page, 'oidc-home-alice');
    await context.close();
  });

  it('brings an agent back to the page asked for, with the agent’s list', async () => {
    const { context, page } = await browser.open();
    await page.goto('/entity/CA/view/provision-cash');
    await page.waitForURL(/\/login(\?.*)?$/);
    const rows = page.locator('[data-testid="request-table"] tbody tr');
    await signInThroughDirectory(page, 'bob', rows.first());
    await rows.first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/entity/CA/view/provision-cash');
    // The cash agent's menu (ROLE_AGENT_CA from the group bank-agents): what awaits its decision, its requests.
    const menu = page.getByTestId('side-menu');
    await menu.locator('[data-link]').first().waitFor();
    const links = await menu
      .locator('[data-link]')
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-link')));
    expect(links).toEqual(['inbox', 'provisions', 'subscribers', 'subscriptions', 'allEntities']);
    await context.close();
  });

  it('refuses a user the directory gives no bank role, with a page that says so', async () => {
    const { context, page } = await browser.open();
    await page.goto('/login');
    const error = page.getByTestId('login-error');
    await signInThroughDirectory(page, 'carol', error);
    await error.waitFor();
    expect(await error.textContent()).toContain("Aucun rôle de la banque n'est attribué à ce compte dans l'annuaire.");
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate(() => sessionStorage.getItem('jhi-authenticationToken'))).toBeNull();
    await screenshot(page, 'oidc-refused-no-role');
    await context.close();
  });
});
