// Export of a whole list (issue 38, point 5): the manager filters the transfers on « En attente », clicks
// « Exporter » once, and the downloaded file (read back here) holds as many rows as the list's total; the
// clients list filtered by a name does the same. The button is reachable from the keyboard and axe-clean.
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiToken, axe, baseURL, readSheet, screenshot, suiteBrowser } from './support';

const browser = suiteBrowser();
const SLOW = { timeout: 30_000 };

/** The list's total as its footer says it (« Total : 843 »). */
const totalOf = async (page: Page, testId: string) => {
  const text = (await page.getByTestId(testId).textContent())!;
  expect(text).not.toMatch(/plus de/);
  return Number(text.replace(/\D/g, ''));
};

/** The data rows of the file's first sheet (its rows past the header, by their first column). */
const fileRows = (file: Buffer) => {
  const { cells } = readSheet(file);
  return [...cells.keys()].filter((ref) => /^A\d+$/.test(ref) && ref !== 'A1').length;
};

async function exportList(page: Page): Promise<{ name: string; rows: number; header: string[] }> {
  const button = page.getByRole('button', { name: 'Exporter', exact: true });
  await button.focus();
  const [download] = await Promise.all([page.waitForEvent('download', SLOW), page.keyboard.press('Enter')]);
  const file = fs.readFileSync((await download.path())!);
  const { cells } = readSheet(file);
  const header = [...cells.entries()].filter(([ref]) => /^[A-Z]+1$/.test(ref)).map(([, cell]) => cell.value);
  await page.getByText(/^Export enregistré : « .+\.xlsx »/).waitFor(SLOW);
  return { name: download.suggestedFilename(), rows: fileRows(file), header };
}

describe('the export of a filtered list', () => {
  it('holds every pending transfer, one click, as many rows as the total', async () => {
    const { context, page, consoleErrors } = await browser.signedIn(
      'manager',
      '/entity/transfer/view/manager?status=PENDING',
    );
    await page.locator('[data-testid="request-table"] tbody tr').first().waitFor(SLOW);
    const total = await totalOf(page, 'request-count');
    expect(total).toBeGreaterThan(0);
    const { violations } = await axe(page).include('[data-testid="list-export"]').analyze();
    expect(violations.map((v) => v.id)).toEqual([]);

    const file = await exportList(page);
    expect(file.name).toMatch(/^Virements-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(file.rows).toBe(total);
    expect(file.header).toContain('Statut de la demande');
    await screenshot(page, 'export-transfers-done');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('follows the clients list’s name filter', async () => {
    const { context, page, consoleErrors } = await browser.signedIn('manager', '/entity/client/manager?name=diop');
    await page.locator('table tbody tr').first().waitFor(SLOW);
    const { name, rows } = await exportList(page);
    expect(name).toMatch(/^Clients-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const listed = await fetch(`${baseURL()}/core/api/_search/clients/filtre?name=diop&size=1`, {
      headers: { authorization: `Bearer ${await apiToken('manager')}` },
    });
    expect(listed.headers.get('x-total-count-exact')).toBeNull();
    expect(rows).toBe(Number(listed.headers.get('x-total-count')));
    expect(rows).toBeGreaterThan(0);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});
