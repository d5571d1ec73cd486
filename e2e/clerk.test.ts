// A clerk's day (issue 38) in a real browser: the data-entry agent's home lists the requests they filed,
// newest first, with their status in words; a manager's rejection of one of them reaches the clerk's bell
// while the page stays open (no reload), and the notification leads to the request, then reads as read.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, apiToken, FILER, fileCardOrder, screenshot, suiteBrowser } from './support';

const browser = suiteBrowser();
const SLOW = { timeout: 30_000 };
const run = `${Date.now() % 1_000_000}`;

const bell = (page: Page) => page.getByTestId('notification-bell');
const unread = async (page: Page) => Number(await bell(page).getAttribute('data-unread'));
const filedRow = (page: Page, entity: string, id: number) =>
  page.locator(`[data-testid="my-filed-table"] tbody tr[data-entity="${entity}"][data-id="${id}"]`);

describe("the clerk's home and bell", () => {
  it('lists what the clerk filed, newest first, each with its status and a link', async () => {
    const older = await fileCardOrder(`Aminata Ba ${run}`);
    const newer = await fileCardOrder(`Cheikh Sow ${run}`);
    const { context, page, consoleErrors } = await browser.signedIn(FILER);
    await page.getByRole('heading', { name: 'Mes saisies' }).waitFor();
    const first = page.locator('[data-testid="my-filed-table"] tbody tr').first();
    // Newest first: the last one filed heads the list.
    expect(await first.getAttribute('data-id')).toBe(String(newer.id));
    const row = filedRow(page, 'cardOrder', older.id);
    await row.waitFor();
    expect(await row.locator('td[data-label="Type"]').textContent()).toBe('Demande de carte');
    expect(await row.locator('[data-status]').textContent()).toBe('En attente');
    await screenshot(page, 'clerk-home-filed');
    await row.getByRole('link', { name: `Ouvrir Demande de carte ${older.id}` }).click();
    await page.waitForURL(`**/entity/card-order/view/manager/${older.id}/edit`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it("shows a manager's rejection in the clerk's bell without a reload, and leads to the request", async () => {
    const order = await fileCardOrder(`Mariama Faye ${run}`);
    // The clerk's unread count as the server has it, the one the rejection must raise (read before the
    // browser signs in, so that its session is the newest of the clerk's).
    const { body: notifications } = await api('GET', '/api/account/notifications', await apiToken(FILER));
    const before = (notifications as { unread: number }).unread;
    const { context, page, consoleErrors } = await browser.signedIn(FILER);
    // The bell is drawn before its notifications arrive (0 until then): wait until it shows that count.
    await expect.poll(() => unread(page), SLOW).toBe(before);
    // Survives as long as the page is not reloaded.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    const rejected = await api('PUT', `/core/api/card-orders/${order.id}`, await apiToken('manager'), {
      ...order,
      orderStatus: 'REJECTED',
      comment: 'Pièce d’identité illisible',
    });
    expect(rejected.status).toBe(200);
    await expect.poll(() => unread(page), SLOW).toBe(before + 1);
    expect(await bell(page).getAttribute('aria-label')).toBe(`Notifications, non lues : ${before + 1}`);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    // The filed list followed too: the request now reads « Rejeté ».
    await expect
      .poll(() => filedRow(page, 'cardOrder', order.id).locator('[data-status]').textContent(), SLOW)
      .toBe('Rejeté');

    await bell(page).click();
    const item = page.getByRole('menuitem', { name: new RegExp(`Demande de carte n° ${order.id}(?!\\d)`) });
    await item.waitFor();
    expect(await item.textContent()).toMatch(/^Rejeté/);
    expect(await item.textContent()).toContain('décidée par manager');
    await screenshot(page, 'clerk-bell-open');
    await item.click();
    await page.waitForURL(`**/entity/card-order/view/manager/${order.id}/edit`);
    // Followed, the notification reads as read.
    await expect.poll(() => unread(page), SLOW).toBe(before);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
