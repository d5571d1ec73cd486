// The checker inbox and bulk decisions (issue 38): the manager finds a second validation from the home
// page, the figures shown there and in the menu match the lists' totals; a bulk rejection of three
// requests, confirmed in a dialog naming how many, is told per request and writes three history rows.
import { decodeHistoryComment } from '@bank/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, apiToken, axe, fileTransfer, screenshot, suiteBrowser } from './support';

const browser = suiteBrowser();
const SLOW = { timeout: 30_000 };
/** At the four-eyes threshold of the test servers (the default, 1 000 000 XOF). */
const LARGE = 1_500_000;

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const countOf = async (page: Page, testId: string) =>
  Number((await page.getByTestId(testId).textContent())!.replace(/\D/g, ''));
const inboxRow = (page: Page, entity: string, id: number) =>
  page.locator(`[data-testid="inbox-table"] tbody tr[data-entity="${entity}"][data-id="${id}"]`);

describe('the checker inbox', () => {
  it('leads the manager from the home page to a second validation, with counts that match the lists', async () => {
    const transfer = await fileTransfer(LARGE);
    const first = await api('PUT', `/core/api/transfers/${transfer.id}`, await apiToken('responsabledesk'), {
      ...transfer,
      demandStatus: 'VALIDATED',
      comment: 'Première validation e2e',
    });
    expect(first.status).toBe(200);
    expect((first.body as { demandStatus: string }).demandStatus).toBe('PENDING');

    const { context, page, consoleErrors } = await browser.signedIn('manager');
    const second = page.getByTestId('to-decide-second');
    await expect.poll(async () => Number(await second.getAttribute('data-count')), SLOW).toBeGreaterThan(0);
    // The home page's figure and the menu's badge: one number.
    await expect
      .poll(
        async () =>
          (await page.getByTestId('to-decide-count').getAttribute('data-count')) ===
          (await page.getByTestId('pending-inbox').textContent()),
        SLOW,
      )
      .toBe(true);
    await screenshot(page, 'checker-home');
    const secondCount = Number(await second.getAttribute('data-count'));
    await second.click();
    await expect.poll(() => heading(page).textContent()).toBe('À décider');
    const row = inboxRow(page, 'transfer', transfer.id);
    await row.waitFor();
    expect(await row.getByTestId('second-validation').textContent()).toBe('2e validation');
    expect(await page.getByTestId('second-validation').count()).toBe(await page.locator('tbody tr').count());
    expect(await countOf(page, 'inbox-count')).toBe(secondCount);
    await screenshot(page, 'checker-inbox-second');
    const { violations } = await axe(page).analyze();
    expect(violations.map((v) => v.id)).toEqual([]);

    // « Virements » has its count, the total of the transfers awaiting a decision.
    const badge = page.getByTestId('pending-transfers');
    await badge.waitFor();
    await page
      .getByTestId('side-menu')
      .getByRole('link', { name: /Virements/ })
      .click();
    await expect.poll(() => heading(page).textContent()).toMatch(/virements/i);
    await page.getByTestId('request-table').waitFor();
    await expect
      .poll(async () => (await countOf(page, 'request-count')) === Number(await badge.textContent()), SLOW)
      .toBe(true);

    // The inbox row opens the decision form of that transfer.
    await page.goBack();
    await inboxRow(page, 'transfer', transfer.id).getByRole('link').click();
    await page.waitForURL(new RegExp(`/entity/transfer/view/manager/${transfer.id}/edit`));
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('bulk decisions', () => {
  it('rejects three requests at once after a confirmation, one history row each', async () => {
    // An amount no other journey files: the filter finds these three.
    const amount = 7_913;
    const filed = [await fileTransfer(amount), await fileTransfer(amount), await fileTransfer(amount)];
    const { context, page, consoleErrors } = await browser.signedIn(
      'manager',
      `/work/inbox?type=transfer&minAmount=${amount}&maxAmount=${amount}`,
    );
    for (const transfer of filed) {
      await inboxRow(page, 'transfer', transfer.id)
        .getByRole('checkbox', { name: `Sélectionner Virement n° ${transfer.id}` })
        .check();
    }
    await expect.poll(() => page.getByTestId('bulk-count').textContent()).toBe('Demandes sélectionnées : 3');
    const observation = `Rejet groupé e2e ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Observation pour toutes' }).fill(observation);
    await page.getByRole('button', { name: 'Rejeter la sélection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirmer la décision groupée' });
    await dialog.getByText('Rejeter 3 demande(s) ?', { exact: false }).waitFor();
    await screenshot(page, 'checker-bulk-confirm');
    await dialog.getByRole('button', { name: 'Rejeter 3 demande(s)' }).click();
    const results = page.getByTestId('bulk-result');
    await expect.poll(() => results.count(), SLOW).toBe(3);
    expect(await page.locator('[data-testid="bulk-result"][data-done="true"]').count()).toBe(3);
    expect(await page.getByTestId('bulk-results').textContent()).toContain('3 faite(s), 0 refusée(s)');
    await screenshot(page, 'checker-bulk-done');

    const token = await apiToken('manager');
    for (const transfer of filed) {
      const story = await api('POST', `/core/api/transfer-logs/story/${transfer.id}`, token);
      const entries = (story.body as Array<{ comment: string }>).map((entry) => decodeHistoryComment(entry.comment));
      expect(entries).toEqual([{ observation, status: 'REJECTED', author: 'manager' }]);
    }
    // Decided, they leave the inbox.
    await expect.poll(() => page.locator('[data-testid="inbox-table"] tbody tr').count(), SLOW).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
