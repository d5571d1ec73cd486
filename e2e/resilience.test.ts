// Nothing typed is lost (issue 38): the network taken away in the middle of a decision keeps the page, what
// was typed and a « Connexion perdue » banner, and the decision is saved once, and only once, when the
// network is back; a page whose code has not been loaded yet, opened offline, keeps the page shown with the
// banner, then draws when the network is back; a draft observation survives a reload.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, apiToken, fileTransfer, FILER, screenshot, suiteBrowser } from './support';

const browser = suiteBrowser();
const run = `${Date.now() % 1_000_000}`;

const banner = (page: Page) => page.getByRole('status').filter({ hasText: 'Connexion perdue' });
const observation = (page: Page) => page.getByRole('textbox', { name: 'Observation' });

/** A pending card order filed through the API by a login that decides none. */
async function pendingCardOrder(holder: string): Promise<number> {
  const created = await api('POST', '/core/api/card-orders', await apiToken(FILER), {
    holderName: `${holder} ${run}`,
    orderStatus: 'PENDING',
  });
  expect(created.status).toBe(201);
  return (created.body as { id: number }).id;
}

/** The card order's history rows, newest first, read through the API. */
async function historyRows(id: number): Promise<{ comment: unknown }[]> {
  const token = await apiToken('manager');
  return (await api('POST', `/core/api/card-orderlogs/story/${id}`, token)).body as { comment: unknown }[];
}

async function openDecision(page: Page, id: number): Promise<void> {
  await page.goto(`/entity/card-order/view/manager/${id}/edit`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Modification de carte');
}

describe('the network taken away', () => {
  it('in the middle of a decision keeps the page and what was typed, and saves it once when back', async () => {
    const id = await pendingCardOrder('Offline');
    const { context, page } = await browser.signedIn('manager');
    await openDecision(page, id);
    await page.getByRole('combobox', { name: 'Statut de la demande' }).click();
    await page.getByRole('option', { name: 'Validé', exact: true }).click();
    const typed = `Hors ligne ${run}`;
    await observation(page).fill(typed);

    await context.setOffline(true);
    await banner(page).waitFor();
    await page.getByRole('button', { name: 'Valider', exact: true }).click();
    // The write waits: the page, the typed observation and the banner stay; the button says it is busy.
    await expect
      .poll(() => page.getByRole('button', { name: 'Valider', exact: true }).getAttribute('data-loading'))
      .toBe('true');
    expect(await observation(page).inputValue()).toBe(typed);
    await screenshot(page, 'resilience-offline-decision');
    expect(await historyRows(id)).toHaveLength(0);

    await context.setOffline(false);
    await page.getByText('La demande a été mise à jour.').first().waitFor({ timeout: 60_000 });
    await banner(page).waitFor({ state: 'detached' });
    const rows = await historyRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.comment).toBe(`${typed}{}VALIDATED{}manager`);
    await context.close();
  });

  it('before a page’s code has arrived shows the banner over the page shown, then the page once back', async () => {
    // A transfer's printable details: a group of its own (money), with a stylesheet of its own.
    const path = `/entity/transfer/view/manager/client/bankAccount/detail/${(await fileTransfer(1000)).id}`;
    const { context, page } = await browser.signedIn('manager');
    await context.setOffline(true);
    const chunkFailed = page.waitForEvent('requestfailed', (request) => request.url().includes('/assets/'));
    // As a menu link does: through the router, to a page of a group the home page has not loaded.
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await banner(page).waitFor();
    // The page's code failed to arrive: the home page still shows, not a blank page or the error notice.
    await chunkFailed;
    await page.getByTestId('home-welcome').waitFor();
    expect(await page.getByText('Une erreur inattendue est survenue.').count()).toBe(0);
    await screenshot(page, 'resilience-offline-lazy-page');

    await context.setOffline(false);
    await page.locator(`#main[data-path="${path}"] h1`).waitFor({ timeout: 60_000 });
    await banner(page).waitFor({ state: 'detached' });
    // Drawn with its stylesheets, those that failed offline included.
    await expect
      .poll(() =>
        page.evaluate(() =>
          Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')).every(
            (link) => link.sheet !== null,
          ),
        ),
      )
      .toBe(true);
    await screenshot(page, 'resilience-lazy-page-back');
    await context.close();
  });
});

describe('drafts', () => {
  it('keep a typed observation across a reload, said so, until the decision is saved', async () => {
    const id = await pendingCardOrder('Draft');
    const { context, page } = await browser.signedIn('manager');
    await openDecision(page, id);
    const typed = `Brouillon ${run}`;
    await observation(page).fill(typed);
    await expect
      .poll(() => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('bank.draft:manager:'))))
      .toHaveLength(1);

    await page.reload();
    await page.getByText('Brouillon restauré').waitFor();
    expect(await observation(page).inputValue()).toBe(typed);
    await screenshot(page, 'resilience-draft-restored');

    await page.getByRole('combobox', { name: 'Statut de la demande' }).click();
    await page.getByRole('option', { name: 'Validé', exact: true }).click();
    await page.getByRole('button', { name: 'Valider', exact: true }).click();
    await page.getByText('La demande a été mise à jour.').first().waitFor();
    expect((await historyRows(id))[0]?.comment).toBe(`${typed}{}VALIDATED{}manager`);
    // Saved: the draft is gone, and the form opened again starts empty.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('bank.draft:')))).toEqual(
      [],
    );
    await context.close();
  });
});
