// Readable French in a real browser (issue 22), with an English Chromium (en-US), where a native date input
// reads mm/dd/yyyy: the French app's date inputs read jj/mm/aaaa with a French calendar, a date typed the
// French way is saved as that day and shown back as DD/MM/YYYY; the English app's read dd/mm/yyyy with an
// English calendar; the form's amounts say XOF.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './chromium';
import { axe, baseURL, signIn } from './support';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const run = `${Date.now() % 1_000_000}`;

/** A manager signed in from an English browser, the app in French (its default) or switched to English. */
async function englishBrowser(language: 'fr' | 'en') {
  const context = await browser.newContext({
    baseURL: baseURL(),
    locale: 'en-US',
    viewport: { width: 1366, height: 800 },
  });
  const page = await context.newPage();
  expect(await page.evaluate(() => navigator.language)).toBe('en-US');
  await signIn(page, 'manager');
  if (language === 'en') await page.evaluate(() => sessionStorage.setItem('locale', 'en'));
  return { context, page };
}

/** The new-loan form, once its date inputs are ready to type in (their pickers load on first use). */
async function loanForm(page: Page, heading: string, startLabel: string, placeholder: string) {
  await page.goto('/entity/loan/new');
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(heading);
  const start = page.getByRole('textbox', { name: startLabel });
  await expect.poll(() => start.getAttribute('placeholder')).toBe(placeholder);
  expect(await page.locator('input[type="date"], input[type="datetime-local"]').count()).toBe(0);
  return start;
}

/** The opened calendar's month and year, as its header shows them. */
const calendarHeader = (page: Page) => page.locator('[data-dates-dropdown] .mantine-DateInput-calendarHeaderLevel');

describe('dates in the app’s language, whatever the browser’s', () => {
  it('French app in an English browser: jj/mm/aaaa, a French calendar, and the typed day saved', async () => {
    const { context, page } = await englishBrowser('fr');
    const start = await loanForm(page, 'Créer : Prêt', 'Date de début', 'jj/mm/aaaa');
    await start.click();
    // The calendar opens on the current month, named in French.
    const months = [
      'janvier',
      'février',
      'mars',
      'avril',
      'mai',
      'juin',
      'juillet',
      'août',
      'septembre',
      'octobre',
      'novembre',
      'décembre',
    ];
    const header = calendarHeader(page);
    await expect.poll(async () => (await header.textContent())?.split(' ')[0]).toBe(months[new Date().getMonth()]);
    // The input and its open calendar: every control named, in French (WCAG 2.2 AA, as accessibility.test.ts checks pages).
    const { violations } = await axe(page)
      .include('[data-dates-dropdown]')
      .include('.mantine-DateInput-root')
      .analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await start.fill('05/03/2026');
    await page.keyboard.press('Escape');
    expect(await start.inputValue()).toBe('05/03/2026');
    // The amount inputs say their currency.
    expect(await page.getByRole('textbox', { name: 'Montant nominal' }).locator('xpath=..').textContent()).toContain(
      'XOF',
    );

    await page.getByLabel('Référence du prêt').fill(`PRET-${run}`);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    const toast = page.locator('.mantine-Notification-root').filter({ hasText: /^Prêt créé \(n° \d+\)$/ });
    const id = Number(/n° (\d+)/.exec((await toast.first().textContent()) ?? '')![1]);
    await page.goto(`/entity/loan/${id}`);
    // Saved as 5 March 2026 (not 3 May), shown back the French way; dates left empty read « — ».
    await page.getByText('05/03/2026').waitFor();
    expect(await page.getByText('—', { exact: true }).count()).toBeGreaterThan(0);
    await context.close();
  });

  it('English app in an English browser: dd/mm/yyyy and an English calendar', async () => {
    const { context, page } = await englishBrowser('en');
    const start = await loanForm(page, 'Create: Loan', 'Start date', 'dd/mm/yyyy');
    await start.click();
    const header = calendarHeader(page);
    await expect
      .poll(async () => (await header.textContent())?.split(' ')[0])
      .toBe(new Date().toLocaleString('en', { month: 'long' }));
    await start.fill('05/03/2026');
    await page.keyboard.press('Escape');
    expect(await start.inputValue()).toBe('05/03/2026');
    await context.close();
  });
});
