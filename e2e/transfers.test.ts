// Transfers and transactions in a real browser (issue 5): the manager filters the transfer list, exports
// three selected rows and reads the spreadsheet back, validates a transfer and sees its history, opens
// an account's transactions from the client file, filters them and prints a detail on one A4 page;
// the data-entry agent sees 'Voir' and no save.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readOnlyDecisionForm, readSheet, screenshot, suiteBrowser } from './support';

const browser = suiteBrowser();

const { signedIn } = browser;
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const rows = (page: Page) => page.locator('[data-testid="request-table"] tbody tr');
const run = `${Date.now() % 1_000_000}`;

/** '1 234 567,50 XOF' → 1234567.5 (the screen's amount format read back). */
const xof = (text: string) =>
  Number(
    text
      .replace(/\s*XOF$/, '')
      .replace(/\s/g, '')
      .replace(',', '.'),
  );

async function choose(page: Page, label: string, option: string, scope = page.locator('body')): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('manager', () => {
  it('filters the transfer list, exports three selected rows and reads the file back', async () => {
    const { context, page, consoleErrors } = await signedIn('manager');
    await page
      .getByTestId('side-menu')
      .getByRole('link', { name: /Virements/ })
      .click();
    await expect.poll(() => heading(page).textContent()).toBe('Liste des demandes de virements');
    await rows(page).first().waitFor();

    await page
      .getByTestId('status-filter')
      .locator('label')
      .filter({ hasText: /^En attente/ })
      .click();
    await page.waitForURL('**/entity/transfer/view/manager?status=PENDING');
    await expect
      .poll(async () =>
        (
          await rows(page)
            .locator('[data-status]')
            .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-status')))
        ).every((status) => status === 'PENDING'),
      )
      .toBe(true);
    expect(await rows(page).count()).toBeGreaterThanOrEqual(3);

    const picked: { id: string; amount: number; client: string }[] = [];
    for (const index of [0, 2, 1]) {
      const row = rows(page).nth(index);
      const id = (await row.getAttribute('data-row-id'))!;
      const amount = xof((await row.getByText(/XOF$/).textContent())!);
      const client = (await row.getByRole('cell').nth(2).locator('p').first().textContent())!;
      await row.getByRole('checkbox', { name: `Sélectionner la demande ${id}` }).check();
      picked.push({ id, amount, client });
    }
    await expect.poll(() => page.getByTestId('selected-count').textContent()).toBe('Sélection : 3');
    await screenshot(page, 'transfers-list-selected');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exporter la sélection' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Virements.xlsx');
    const { sheetNames, cells } = readSheet(fs.readFileSync((await download.path())!));
    expect(sheetNames).toEqual(['Virements']);
    expect([...'ABCDEFGHIJK'].map((col) => cells.get(`${col}1`)?.value)).toEqual([
      'ID virement',
      'Numéro de compte client',
      'Référence client',
      'Nom du client',
      'Date de création',
      "Date d'exécution",
      'Montant',
      'RIB du bénéficiaire',
      'Nom du bénéficiaire',
      'Commentaire',
      'Statut',
    ]);
    picked.forEach((transfer, index) => {
      const line = index + 2;
      expect(cells.get(`A${line}`)).toEqual({ value: transfer.id, numeric: true });
      expect(cells.get(`G${line}`)?.numeric).toBe(true);
      expect(Number(cells.get(`G${line}`)!.value)).toBe(transfer.amount);
      expect(cells.get(`D${line}`)?.value).toBe(transfer.client);
      expect(cells.get(`E${line}`)?.numeric).toBe(true);
      expect(cells.get(`K${line}`)?.value).toBe('En attente');
    });
    expect(cells.has('A5')).toBe(false);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('validates a transfer and finds the entry in its history', async () => {
    const { context, page, consoleErrors } = await signedIn('manager', '/entity/transfer/view/manager?status=PENDING');
    const pending = rows(page).filter({ has: page.locator('[data-status="PENDING"]') });
    await pending.first().waitFor();
    // Under the four-eyes threshold, so that one validation settles it (live.test.ts takes a large one).
    let row = pending.first();
    for (const candidate of await pending.all()) {
      if (xof((await candidate.getByText(/XOF$/).textContent())!) < 1_000_000) {
        row = candidate;
        break;
      }
    }
    const id = (await row.getAttribute('data-row-id'))!;
    await row.getByRole('link', { name: 'Modifier' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Modification virement');
    await page.getByRole('textbox', { name: 'Observation' }).waitFor();
    await choose(page, 'Statut de la demande', 'Validé');
    await page.getByRole('textbox', { name: 'Observation' }).fill(`Virement contrôlé e2e ${run}`);
    await screenshot(page, 'transfers-edit');
    await page.getByRole('button', { name: 'Valider', exact: true }).click();
    // Back to the list, in the view the form was opened from.
    await page.waitForURL(/\/entity\/transfer\/view\/manager(\?status=PENDING)?$/);
    await page.getByText('La demande a été mise à jour.').waitFor();

    await page.goto(`/entity/transfer-log/story/${id}/modal`);
    const modal = page.getByRole('dialog', { name: 'Historique du virement' });
    const entry = modal.getByRole('row').filter({ hasText: `Virement contrôlé e2e ${run}` });
    await entry.waitFor();
    expect(await entry.getByRole('cell').nth(1).textContent()).toBe('Validé');
    expect(await entry.getByRole('cell').last().textContent()).toBe('manager');
    await screenshot(page, 'transfers-history-modal');
    await page.keyboard.press('Escape');
    await page.waitForURL(/\/entity\/transfer\/view\/manager(\?.*)?$/);

    await page.goto(`/entity/transfer-log/story/${id}`);
    await expect.poll(() => heading(page).textContent()).toBe('Historique du virement');
    await page.getByTestId('history-callouts').getByText(`Virement contrôlé e2e ${run}`).waitFor();
    await screenshot(page, 'transfers-history-page');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('opens an account transactions and transfers from the client file, filters them and prints details on one A4 page each', async () => {
    const { context, page, consoleErrors } = await signedIn('manager', '/entity/client/manager');
    await page.getByTestId('client-table').locator('tbody tr').first().getByRole('link', { name: 'Détails' }).click();
    const accounts = page.getByTestId('client-accounts');
    await accounts.waitFor();
    await accounts.locator('tbody tr').first().getByRole('link', { name: 'Transactions' }).click();
    const modal = page.getByRole('dialog', { name: 'Transactions du compte' });
    const lines = modal.locator('[data-testid="transactions-modal-table"] tbody tr');
    await lines.first().waitFor();
    await screenshot(page, 'transactions-modal');

    await choose(page, 'Type', 'D – Débit', modal);
    await modal.getByRole('button', { name: 'Rechercher', exact: true }).click();
    await expect
      .poll(async () =>
        (
          await lines
            .locator('[data-direction]')
            .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-direction')))
        ).every((direction) => direction === 'D'),
      )
      .toBe(true);
    const amountText = (await lines.first().getByRole('cell').nth(4).textContent())!;
    await modal.getByLabel('Montant').fill(String(xof(amountText)).replace('.', ','));
    await modal.getByRole('button', { name: 'Rechercher', exact: true }).click();
    await expect
      .poll(async () =>
        (await lines.evaluateAll((nodes) => nodes.map((n) => n.children[4]?.textContent))).every(
          (t) => t === amountText,
        ),
      )
      .toBe(true);
    const reference = (await lines.first().getByRole('cell').first().textContent())!;
    await screenshot(page, 'transactions-modal-filtered');

    await lines.first().getByRole('link', { name: 'Imprimer' }).click();
    await page.waitForURL('**/entity/transaction/view/manager/client/bankAccount/transaction/*');
    const sheet = page.getByTestId('print-sheet');
    await sheet.getByText(reference, { exact: true }).waitFor();
    expect(await sheet.getByRole('heading', { level: 1 }).textContent()).toBe('Détails transaction');
    expect(await sheet.locator('th').allTextContents()).toEqual([
      'Nom complet',
      'Référence',
      'Numéro de compte',
      'Montant',
      "Date d'imputation",
      'Date de valeur',
      'Dates trans',
    ]);
    expect(await sheet.getByTestId('print-date').textContent()).toMatch(/^Édité le \d\d\/\d\d\/\d\d \d\d:\d\d$/);
    await screenshot(page, 'transaction-print-screen');

    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.mantine-AppShell-navbar').isVisible()).toBe(false);
    expect(await page.locator('.mantine-AppShell-header').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Imprimer' }).isVisible()).toBe(false);
    await screenshot(page, 'transaction-print-media');
    const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)).toHaveLength(1);
    fs.writeFileSync(new URL('./artifacts/transaction-print.pdf', import.meta.url), pdf);
    await page.emulateMedia({ media: 'screen' });

    await page.goBack();
    await page.goBack();
    await page.waitForURL('**/entity/bank-account/view/manager/*');
    await accounts.locator('tbody tr').first().getByRole('link', { name: 'Virements' }).click();
    const transfers = page.getByRole('dialog', { name: 'Virements du compte' });
    const transferLines = transfers.locator('[data-testid="transfers-modal-table"] tbody tr');
    await transferLines.first().waitFor();
    await screenshot(page, 'transfers-modal');
    const transferId = (await transferLines.first().getAttribute('data-row-id'))!;
    await transferLines.first().getByRole('link', { name: 'Détails' }).click();
    await page.waitForURL(`**/entity/transfer/view/manager/client/bankAccount/detail/${transferId}`);
    const transferSheet = page.getByTestId('print-sheet');
    await transferSheet.getByRole('cell', { name: transferId, exact: true }).waitFor();
    expect(await transferSheet.getByRole('heading', { level: 1 }).textContent()).toBe('Détails virement');
    await page.emulateMedia({ media: 'print' });
    const transferPdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
    expect(transferPdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g)).toHaveLength(1);
    await screenshot(page, 'transfer-print-media');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('agentsaisie', () => {
  it('sees Voir and History, not Modifier, and a transfer form without save', async () => {
    const { context, page } = await signedIn('agentsaisie', '/entity/transfer/view/manager');
    await rows(page).first().waitFor();
    expect(await rows(page).first().getByRole('link', { name: 'Voir' }).count()).toBe(1);
    expect(await rows(page).first().getByRole('link', { name: 'Historique' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Modifier' }).count()).toBe(0);
    await rows(page).first().getByRole('link', { name: 'Voir' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Modification virement');
    await readOnlyDecisionForm(page);
    await screenshot(page, 'agentsaisie-transfer-form');
    await context.close();
  });
});
