// The staff lists open on the work (issue 21): a menu badge opens its queue view, oldest first, and
// equals its total; a list without a status in its address opens on the role's queue; the list's view
// (status, page) survives a trip to a form and back, scrolled where it was; a half-done four-eyes
// transfer says so in the list and waits in "Seconde validation" for anyone but its first approver,
// a view the list's filters narrow as they do the others.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, apiToken, fileTransfer, screenshot, suiteBrowser } from './support';

const browser = suiteBrowser();

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const rows = (page: Page) => page.locator('[data-testid="request-table"] tbody tr');
const rowIds = (page: Page) =>
  rows(page).evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-row-id')).filter((id) => id !== null));
const statusesOf = (page: Page) =>
  rows(page)
    .locator('[data-status]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-status')));
const total = async (page: Page) => Number((await page.getByTestId('request-count').textContent())!.replace(/\D/g, ''));
const chip = (page: Page, name: RegExp) => page.getByTestId('status-filter').getByRole('radio', { name });
/** Chooses a status view as a user does: a click on the chip (its radio is drawn by its label). */
const pick = (page: Page, name: RegExp) =>
  page.getByTestId('status-filter').locator('label').filter({ hasText: name }).click();
const checked = (locator: Locator) => locator.isChecked();
/** 'DD/MM/YY HH:mm' → 'YYMMDDHHmm', which sorts as the date does. */
const sortable = (text: string) => text.replace(/^(\d\d)\/(\d\d)\/(\d\d) (\d\d):(\d\d)$/, '$3$2$1$4$5');
const SLOW = { timeout: 15_000 };

describe('work queue', () => {
  it('opens Cartes from the menu on the pending card orders, oldest first, as many as the badge says', async () => {
    const { context, page, consoleErrors } = await browser.signedIn('manager');
    const badge = page.getByTestId('pending-cards');
    await badge.waitFor();
    await page
      .getByTestId('side-menu')
      .getByRole('link', { name: /Cartes/ })
      .click();
    await expect.poll(() => heading(page).textContent()).toBe('Liste des demandes de cartes');
    await expect.poll(() => checked(chip(page, /^À traiter/)), SLOW).toBe(true);
    await rows(page).first().waitFor();

    // Every row of page 1 awaits a decision (in progress or pending), the oldest first.
    expect(new Set(await statusesOf(page))).toEqual(new Set(['INPROGRESS', 'PENDING']));
    const created = await rows(page)
      .locator('td[data-label="Créé le"]')
      .evaluateAll((tds) => tds.map((td) => td.textContent!));
    const order = created.map(sortable);
    expect(order).toEqual([...order].sort());
    // The list's total, the chip's count and the badge: one number (read together, as decisions may land).
    await expect
      .poll(async () => {
        const shown = await total(page);
        const counted = Number(await badge.textContent());
        return shown === counted && (await chip(page, new RegExp(`^À traiter \\(${shown}\\)$`)).count()) === 1;
      }, SLOW)
      .toBe(true);
    await screenshot(page, 'work-queue-cards');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('opens the checkbook list on the requests awaiting a decision, and all of them on "Tous"', async () => {
    const { context, page } = await browser.signedIn('manager', '/entity/checkbook-order/view/manager');
    await expect.poll(() => checked(chip(page, /^À traiter/)), SLOW).toBe(true);
    await rows(page).first().waitFor();
    expect(new Set(await statusesOf(page))).toEqual(new Set(['IN_PROGRESS', 'PENDING']));
    const queued = await total(page);

    await pick(page, /^Tous/);
    // Decided ones too (newest first, as the whole list always was).
    await expect
      .poll(() => statusesOf(page).then((s) => s.some((status) => !['IN_PROGRESS', 'PENDING'].includes(status!))), SLOW)
      .toBe(true);
    expect(new URL(page.url()).searchParams.get('status')).toBe('all');
    expect(await total(page)).toBeGreaterThan(queued);
    await context.close();
  });

  it('comes back from a form to the same filtered page 2, scrolled where it was (Retour and back)', async () => {
    const { context, page } = await browser.signedIn('manager', '/entity/transfer/view/manager');
    await pick(page, /^Validé/);
    await expect
      .poll(() => statusesOf(page).then((s) => s.length > 0 && s.every((x) => x === 'VALIDATED')), SLOW)
      .toBe(true);
    const firstPage = await rowIds(page);
    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Page 2', exact: true }).getAttribute('aria-current'))
      .toBe('page');
    // Page 2's rows, once they have replaced page 1's: the button turns current before they arrive.
    await expect.poll(async () => (await rowIds(page)).some((id) => !firstPage.includes(id)), SLOW).toBe(true);
    const view = new URL(page.url()).search;
    expect(new URLSearchParams(view).get('status')).toBe('VALIDATED');
    expect(new URLSearchParams(view).get('page')).toBe('2');

    // The last row, found by its id from then on: a row that a refresh draws again is still the same row.
    const id = (await rowIds(page)).at(-1)!;
    const last = page.locator(`[data-row-id="${id}"]`);
    for (const leave of ['Retour', 'back'] as const) {
      await last.scrollIntoViewIfNeeded();
      const scrolled = await page.evaluate(() => window.scrollY);
      expect(scrolled).toBeGreaterThan(0);
      await last.getByRole('link', { name: 'Modifier' }).click();
      await expect.poll(() => heading(page).textContent()).toBe('Modification virement');
      // The form as the user sees it once loaded, the account's position included.
      await page.getByTestId('account-position').waitFor();
      if (leave === 'Retour') await page.getByRole('link', { name: 'Retour' }).click();
      else await page.goBack();
      await expect.poll(() => heading(page).textContent()).toBe('Liste des demandes de virements');
      expect(new URL(page.url()).search).toBe(view);
      await page.locator(`[data-row-id="${id}"]`).waitFor();
      expect(await checked(chip(page, /^Validé/))).toBe(true);
      await expect
        .poll(() => page.evaluate(() => window.scrollY), SLOW)
        .toSatisfy((y: number) => Math.abs(y - scrolled) < 40);
    }
    await context.close();
  });

  it('shows a half-validated large transfer as 1/2 and queues it for a second validation by another login only', async () => {
    const manager = await apiToken('manager');
    /** A large transfer validated once by the manager: it waits for a second validation. */
    const halfValidated = async () => {
      const transfer = await fileTransfer(2_500_000);
      const first = await api('PUT', `/core/api/transfers/${transfer.id}`, manager, {
        ...transfer,
        demandStatus: 'VALIDATED',
        comment: 'Première validation e2e',
      });
      expect(first.status).toBe(200);
      expect((first.body as { demandStatus: string }).demandStatus).toBe('PENDING');
      return transfer;
    };
    const transfer = await halfValidated();
    const other = await halfValidated();

    // The list says where the decision stands.
    const { context, page } = await browser.signedIn(
      'manager',
      `/entity/transfer/view/manager?status=all&id=${transfer.id}`,
    );
    const row = page.locator(`[data-row-id="${transfer.id}"]`);
    await row.getByTestId('approval-mark').waitFor();
    expect(await row.getByTestId('approval-mark').textContent()).toBe('1/2 — validé par manager');

    // The first approver does not see it among the second validations.
    await pick(page, /^Seconde validation/);
    await expect.poll(() => new URL(page.url()).searchParams.get('status')).toBe('second');
    // The row leaves when the second validations have arrived (the previous rows stay until then).
    await expect.poll(() => row.count(), SLOW).toBe(0);
    expect(await page.getByText("La liste n'a pas pu être chargée.").count()).toBe(0);
    await context.close();

    const desk = await browser.signedIn('responsabledesk', '/entity/transfer/view/manager');
    await pick(desk.page, /^Seconde validation/);
    const queued = desk.page.locator(`[data-row-id="${transfer.id}"]`);
    await queued.getByTestId('approval-mark').waitFor();
    expect(await queued.getByTestId('approval-mark').textContent()).toBe('1/2 — validé par manager');
    await screenshot(desk.page, 'work-queue-second-validation');

    // The reference filter narrows this view too, kept in the address with it.
    await desk.page.getByRole('textbox', { name: 'Référence', exact: true }).fill(String(other.id));
    await desk.page.getByRole('button', { name: 'Rechercher', exact: true }).click();
    await desk.page.locator(`[data-row-id="${other.id}"]`).getByTestId('approval-mark').waitFor();
    await expect.poll(() => queued.count(), SLOW).toBe(0);
    const address = new URL(desk.page.url()).searchParams;
    expect([address.get('status'), address.get('id')]).toEqual(['second', String(other.id)]);
    await desk.context.close();
  });
});
