// The books in a real browser: a data-entry agent files a transfer on an account with funds (told what the
// account has available, warned before an amount beyond it), sees the amount held on the account, and may not
// decide what they filed; the manager validates it, and the client file shows the new balance and the
// account's transactions the new debit line.
import { formatXof, wholeXof } from '@bank/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accountWithFunds, api, apiToken, FILER, screenshot, suiteBrowser, type AccountRow } from './support';

const browser = suiteBrowser();
const run = `${Date.now() % 1_000_000}`;
/** Under the four-eyes threshold: one validation posts it. */
const AMOUNT = 45_000n;

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const toast = (page: Page, text: RegExp) => page.locator('.mantine-Notification-root').filter({ hasText: text });
const xof = (amount: bigint) => formatXof(String(amount));
/** An amount the account keeps as text ('1250000.00'), in whole XOF. */
const whole = (text: string | null) => wholeXof(text ?? '0')!;

async function accountNow(id: number): Promise<AccountRow> {
  return (await api('GET', `/core/api/bank-accounts/${id}`, await apiToken('manager'))).body as AccountRow;
}

/** The figure a decision form's account position shows under `name` (balance, blockedAmount, …). */
const position = (page: Page, name: string) => page.getByTestId(`position-${name}`).locator('p').last();

describe('a transfer through the books', () => {
  it('is held when filed, cannot be decided by its filer, and is posted on the account once validated', async () => {
    // Found by its state (open, with funds), never by a fixed id.
    const account = await accountWithFunds(Number(AMOUNT) * 2);
    const before = await accountNow(account.id);
    const spendable = whole(before.availableAmount) + whole(before.authorizedAmount);

    const filer = await browser.signedIn(FILER, '/entity/transfer/new');
    await expect.poll(() => heading(filer.page).textContent()).toBe('Créer : Virement');
    const accountSelect = filer.page.getByRole('combobox', { name: 'Compte bancaire' });
    await accountSelect.click();
    await accountSelect.fill(account.bankAccountNumber);
    const option = filer.page.getByRole('option', { name: `#${account.id} · ${account.bankAccountNumber}` });
    await option.click();
    const funds = filer.page.getByTestId('available-funds');
    await funds.waitFor();
    expect(await funds.textContent()).toContain(`Disponible sur ce compte : ${xof(whole(before.availableAmount))}`);
    // More than the account can give: warned before the click.
    const amount = filer.page.getByRole('textbox', { name: 'Montant' });
    await amount.fill(String(spendable + 1n));
    await filer.page.getByTestId('funds-warning').waitFor();
    await screenshot(filer.page, 'books-transfer-form-warning');
    await amount.fill(String(AMOUNT));
    await filer.page.getByTestId('funds-warning').waitFor({ state: 'detached' });
    await filer.page.getByRole('button', { name: 'Enregistrer' }).click();
    const created = toast(filer.page, /^Virement créé \(n° \d+\)$/);
    await created.waitFor();
    const id = Number(/n° (\d+)/.exec((await created.textContent())!)![1]);

    // The filer's own form: the amount held on the account, and no decision.
    await filer.page.goto(`/entity/transfer/view/manager/${id}/edit`);
    await position(filer.page, 'blockedAmount').waitFor();
    await expect
      .poll(() => position(filer.page, 'blockedAmount').textContent())
      .toBe(xof(whole(before.blockedAmount) + AMOUNT));
    expect(await position(filer.page, 'availableAmount').textContent()).toBe(
      xof(whole(before.availableAmount) - AMOUNT),
    );
    expect(await filer.page.getByTestId('read-only-reason').textContent()).toBe(
      "Vous avez déposé cette demande : une autre personne de l'équipe doit en décider.",
    );
    expect(await filer.page.getByRole('button', { name: /^Valider/ }).count()).toBe(0);
    await screenshot(filer.page, 'books-transfer-filer');
    expect(filer.consoleErrors).toEqual([]);
    await filer.context.close();

    const { context, page, consoleErrors } = await browser.signedIn(
      'manager',
      `/entity/transfer/view/manager/${id}/edit`,
    );
    await page.getByText(FILER, { exact: true }).waitFor();
    await page.getByRole('combobox', { name: 'Statut de la demande' }).click();
    await page.getByRole('option', { name: 'Validé', exact: true }).click();
    await page.getByRole('textbox', { name: 'Observation' }).fill(`Virement contrôlé ${run}`);
    await screenshot(page, 'books-transfer-decision');
    await page.getByRole('button', { name: 'Valider', exact: true }).click();
    await page.getByText('La demande a été mise à jour.').waitFor();

    // The client file: the balance less the amount; the account's transactions: the debit line.
    await page.goto(`/entity/bank-account/view/manager/${account.clientId}`);
    const row = page.getByTestId('client-accounts').getByRole('row').filter({ hasText: account.bankAccountNumber });
    await expect.poll(() => row.getByRole('cell').nth(1).textContent()).toBe(xof(whole(before.balance) - AMOUNT));
    await screenshot(page, 'books-client-file');
    await row.getByRole('link', { name: 'Transactions' }).click();
    const modal = page.getByRole('dialog', { name: 'Transactions du compte' });
    const debit = modal
      .locator('[data-testid="transactions-modal-table"] tbody tr')
      .filter({ hasText: 'Virement émis' })
      .filter({ hasText: xof(AMOUNT) });
    await debit.first().waitFor();
    expect(await debit.first().locator('[data-direction]').getAttribute('data-direction')).toBe('D');
    await screenshot(page, 'books-transactions-modal');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
