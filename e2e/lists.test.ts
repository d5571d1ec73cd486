// Dense, chosen lists and the keyboard (issue 38, points 4 and 7): rows per page and density kept in the
// address and remembered per user, a column chooser remembered across sign-ins, twelve rows and more at
// 1366×768 in the compact density, and rows reached and opened from the keyboard.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axe, screenshot, signIn, suiteBrowser } from './support';

const browser = suiteBrowser();

const CARDS = '/entity/card-order/view/manager?status=all';
const rows = (page: Page) => page.locator('[data-testid="request-table"] tbody tr');
describe('dense, chosen lists', () => {
  it('keeps 50 rows per page through a reload, in the address', async () => {
    const { context, page, consoleErrors } = await browser.signedIn('manager', CARDS);
    await rows(page).first().waitFor();
    expect(await rows(page).count()).toBe(20);
    await page.getByLabel('Lignes par page').selectOption('50');
    await expect.poll(() => rows(page).count()).toBe(50);
    expect(new URL(page.url()).searchParams.get('size')).toBe('50');
    await page.reload();
    await rows(page).nth(49).waitFor();
    expect(await rows(page).count()).toBe(50);
    expect(await page.getByLabel('Lignes par page').inputValue()).toBe('50');
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 120_000);

  it('shows twelve rows or more at 1366×768 in the compact density', async () => {
    const { context, page } = await browser.signedIn('responsabledesk', CARDS);
    await page.setViewportSize({ width: 1366, height: 768 });
    await rows(page).first().waitFor();
    await page.getByLabel('Densité').selectOption('compact');
    await expect.poll(() => new URL(page.url()).searchParams.get('density')).toBe('compact');
    await page.locator('[data-density="compact"]').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    // The rows whose whole box is inside the viewport, the page at its top.
    const visible = () =>
      rows(page)
        .evaluateAll((trs) =>
          trs.filter((tr) => {
            const box = tr.getBoundingClientRect();
            return box.top >= 0 && box.bottom <= window.innerHeight;
          }),
        )
        .then((shown) => shown.length);
    await rows(page).nth(19).waitFor();
    await page.screenshot({ path: 'e2e/artifacts/lists-compact-1366x768.png' });
    await expect.poll(visible).toBeGreaterThanOrEqual(12);
    // Remembered: the list opened again without the address's density is compact.
    await page.goto('/entity/card-order/view/manager?status=all');
    await page.locator('[data-density="compact"]').waitFor();
    await context.close();
  }, 120_000);

  it('keeps a hidden column hidden after signing out and in again', async () => {
    const { context, page } = await browser.signedIn('agentca', '/entity/branch');
    await page.getByTestId('entity-table').locator('tbody tr').first().waitFor();
    const before = await page.getByTestId('entity-table').locator('thead th').allTextContents();
    await page.getByText(/^Colonnes \(/).click();
    const column = page.getByRole('checkbox').first();
    const label = await column.evaluate((input: HTMLInputElement) => input.labels?.[0]?.textContent ?? '');
    expect(before).toContain(label);
    await column.uncheck();
    await expect
      .poll(() => page.getByTestId('entity-table').locator('thead th').allTextContents())
      .not.toContain(label);
    await screenshot(page, 'lists-column-chooser');
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    await page.getByText('Déconnexion réussie !').waitFor();
    await context.close();

    const again = await browser.open();
    await signIn(again.page, 'agentca', '/entity/branch');
    await again.page.getByTestId('entity-table').locator('tbody tr').first().waitFor();
    const after = await again.page.getByTestId('entity-table').locator('thead th').allTextContents();
    expect(after).not.toContain(label);
    expect(after.length).toBe(before.length - 1);
    await again.context.close();
  }, 120_000);
});

describe('the keyboard on a list', () => {
  it('reaches the first row by the skip link, moves with arrows and j/k, opens with Enter, / goes to the filter', async () => {
    const { context, page } = await browser.signedIn('manager', '/entity/card-order/view/manager');
    await rows(page).first().waitFor();
    // From the top of the page: the skip links come first.
    const active = () => page.evaluate(() => document.activeElement?.textContent);
    let presses = 0;
    while ((await active()) !== 'Aller à la liste' && presses < 3) {
      await page.keyboard.press('Tab');
      presses++;
    }
    expect(await active()).toBe('Aller à la liste');
    await page.keyboard.press('Enter');
    const focusedRow = () =>
      page.evaluate(() => {
        const row = document.activeElement;
        return row instanceof HTMLTableRowElement ? Array.prototype.indexOf.call(row.parentElement!.children, row) : -1;
      });
    await expect.poll(focusedRow).toBe(0);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('j');
    await expect.poll(focusedRow).toBe(2);
    await page.keyboard.press('k');
    await expect.poll(focusedRow).toBe(1);
    await screenshot(page, 'lists-keyboard-focus');
    const id = await rows(page).nth(1).getAttribute('data-row-id');
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/entity/card-order/view/manager/${id}/edit`);
    await page.goBack();
    await rows(page).first().waitFor();
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('/');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.closest('[data-list-filter]') !== null))
      .toBe(true);
    await context.close();
  }, 120_000);
});

const rejectedChecked = (page: Page) =>
  page
    .getByTestId('status-filter')
    .getByRole('radio', { name: /^Rejeté/ })
    .isChecked();
/** The statuses of the rows shown, each once. */
const shownStatuses = async (page: Page) => [
  ...new Set(
    await rows(page)
      .locator('[data-status]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-status'))),
  ),
];

describe('saved filters', () => {
  it('saves the list’s address under a name, applies it in one click after a reload, and deletes it', async () => {
    const { context, page, consoleErrors } = await browser.signedIn('manager', CARDS);
    await rows(page).first().waitFor();
    await page
      .getByTestId('status-filter')
      .locator('label')
      .filter({ hasText: /^Rejeté/ })
      .click();
    // What the user sees, not the address: the router writes the address first and draws the new view in a
    // transition, which a loaded machine delays; a filter saved meanwhile is the view still shown.
    await expect.poll(() => rejectedChecked(page)).toBe(true);
    await expect.poll(() => shownStatuses(page)).toEqual(['REJECTED']);
    expect(new URL(page.url()).searchParams.get('status')).toBe('REJECTED');
    await page.getByLabel('Nom du filtre').fill('Cartes rejetées');
    await page.getByRole('button', { name: 'Enregistrer le filtre' }).click();
    const saved = page.getByTestId('saved-filters').getByRole('button', { name: 'Cartes rejetées', exact: true });
    await expect.poll(() => saved.getAttribute('aria-pressed')).toBe('true');
    expect(
      await axe(page)
        .analyze()
        .then((result) => result.violations.map((v) => v.id)),
    ).toEqual([]);
    await screenshot(page, 'lists-saved-filters');

    await page.goto(CARDS);
    await rows(page).first().waitFor();
    await saved.click();
    await expect.poll(() => rejectedChecked(page)).toBe(true);
    await expect.poll(() => shownStatuses(page)).toEqual(['REJECTED']);
    expect(new URL(page.url()).searchParams.get('status')).toBe('REJECTED');

    await page.getByRole('button', { name: 'Supprimer le filtre « Cartes rejetées »' }).click();
    await saved.waitFor({ state: 'detached' });
    await page.reload();
    await rows(page).first().waitFor();
    expect(
      await page.getByTestId('saved-filters').getByRole('button', { name: 'Cartes rejetées', exact: true }).count(),
    ).toBe(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 120_000);
});
