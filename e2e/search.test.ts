// Search from anywhere: Ctrl+K finds a client by one of its account numbers and opens the client file,
// which lists the client's requests of every type, newest first, each a link to its form.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import fr from '../packages/web/public/i18n/fr.json';
import { api, apiToken, suiteBrowser } from './support';

const browser = suiteBrowser();
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

interface ClientRequest {
  type: string;
  id: number;
}

const typeLabel = (type: string) => (fr.entities as Record<string, { name: string }>)[type]!.name;
/** The title of a request type's staff decision form (its catalogue key is the entity's name). */
const formTitle = (type: string) =>
  (fr.manager as unknown as Record<string, { editTitle?: string } | undefined>)[type]?.editTitle;

describe('search from anywhere', () => {
  it('Ctrl+K finds a client by account number and opens its file, whose requests link to their forms', async () => {
    // A client with requests: the one whose account the newest card order was filed on (other suites
    // running alongside file orders without an account).
    const token = await apiToken('manager');
    const newest = '/core/api/card-orders?bankAccountId.specified=true&size=1&sort=createdAt,desc';
    const [order] = (await api('GET', newest, token)).body as {
      bankAccountId: number;
    }[];
    const account = (await api('GET', `/core/api/bank-accounts/${order!.bankAccountId}`, token)).body as {
      bankAccountNumber: string;
      clientId: number;
    };
    const client = (await api('GET', `/core/api/clients/${account.clientId}`, token)).body as {
      name: string;
      clientCode: string;
    };
    const expected = (await api('GET', `/core/api/clients/${account.clientId}/requests?size=10`, token))
      .body as ClientRequest[];
    expect(expected.length).toBeGreaterThan(0);

    const { context, page, consoleErrors } = await browser.signedIn('manager');
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Rechercher un client' });
    await dialog
      .getByRole('combobox', { name: 'Code client, nom, numéro de compte ou IBAN' })
      .fill(account.bankAccountNumber);
    // The account's client comes first, with that account, and is selected: Enter opens it.
    const first = dialog.getByRole('option').first();
    await first.filter({ hasText: account.bankAccountNumber }).waitFor();
    expect(await first.textContent()).toContain(client.name);
    await expect.poll(() => first.getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Enter');
    await expect.poll(() => heading(page).textContent()).toBe('Fiche client');
    await page.getByTestId('client-identity').getByText(client.clientCode, { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Its requests, newest first, as the API gives them; each opens its form.
    const requests = page.getByTestId('client-requests');
    const names = expected.map((request) => `${typeLabel(request.type)} n° ${request.id}`);
    await requests.getByRole('link', { name: names[0] }).waitFor();
    expect(await requests.getByRole('link').allTextContents()).toEqual(names);
    for (const [i, request] of expected.entries()) {
      const title = formTitle(request.type);
      if (!title) continue; // an account subscription request opens its own form (subscriptions.test.ts)
      await requests.getByRole('link', { name: names[i] }).click();
      await expect.poll(() => heading(page).textContent()).toBe(title);
      await page.goBack();
      await expect.poll(() => heading(page).textContent()).toBe('Fiche client');
      await requests.getByRole('link', { name: names[i] }).waitFor();
    }

    // The button opens the same search for mouse users.
    await page.getByRole('button', { name: 'Rechercher un client' }).click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
