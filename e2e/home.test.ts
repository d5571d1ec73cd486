// "My work" on the home page (issue 21) in a real browser: the manager's queue cards give the totals of
// the lists they lead to (the list's query over the queue's statuses), the inbox leads to decision forms,
// the charts come with their figures as text, and a decision taken elsewhere moves the figures without a
// reload, whether or not it changes a side-menu count.
import { entityByName, queueStatuses, workflowOf } from '@bank/domain';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, apiToken, baseURL, fileTransfer, FILER, screenshot, suiteBrowser } from './support';

const browser = suiteBrowser();
const run = `${Date.now() % 1_000_000}`;

/** The total the list of `entity`'s queue statuses reports (X-Total-Count). */
async function listTotal(token: string, entityName: string): Promise<number> {
  const workflow = workflowOf(entityName)!;
  const path = `${entityByName(entityName).path}?${workflow.status}.in=${queueStatuses(workflow).join(',')}&page=0&size=1`;
  const response = await fetch(`${baseURL()}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return Number(response.headers.get('x-total-count'));
}

const queueCard = (page: Page, entity: string) => page.getByTestId(`work-queue-${entity}`);
const shownCount = async (page: Page, entity: string) =>
  Number(await queueCard(page, entity).getByTestId('work-queue-count').getAttribute('data-count'));

describe('my work', () => {
  it("shows the manager's queues with the lists' totals, the oldest requests and the charts", async () => {
    const { context, page, consoleErrors } = await browser.signedIn('manager');
    await page.getByTestId('my-work').waitFor();
    const token = await apiToken('manager');
    const cards = page.locator('[data-testid^="work-queue-"]').filter({ has: page.getByTestId('work-queue-count') });
    const entities = await cards.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')!.slice(11)));
    expect(entities).toEqual(expect.arrayContaining(['cardOrder', 'checkbookOrder', 'beneficiary', 'transfer']));
    for (const entity of entities) expect(await shownCount(page, entity), entity).toBe(await listTotal(token, entity));

    // Each figure leads to its list.
    const cardQueue = queueCard(page, 'cardOrder');
    expect(await cardQueue.getByTestId('work-queue-count').getAttribute('href')).toBe(
      '/entity/card-order/view/manager',
    );
    expect(await cardQueue.getByTestId('work-queue-over-sla').getAttribute('href')).toBe(
      '/entity/card-order/view/manager',
    );
    expect(await cardQueue.getByTestId('work-queue-oldest').textContent()).toMatch(
      /^La plus ancienne attend depuis \d+ (min|h|j) \(\d\d\/\d\d\/\d\d \d\d:\d\d\)$/,
    );

    // The charts, with their figures as text for screen readers.
    const decided = page.getByTestId('work-chart-decided');
    await decided.getByRole('table').waitFor({ state: 'attached' });
    expect(await decided.locator('figcaption').textContent()).toMatch(/^Demandes décidées en 30 jours : \d+$/);
    expect(await decided.getByRole('row').count()).toBe(31);
    await page.getByTestId('work-chart-staff').locator('.recharts-surface').first().waitFor();
    await screenshot(page, 'home-my-work');

    // The oldest request of the inbox opens its decision form.
    const first = page.getByTestId('work-inbox').locator('tbody tr').first();
    const entity = (await first.getAttribute('data-entity'))!;
    const id = await first.getAttribute('data-id');
    await first.getByRole('link').click();
    await page.getByRole('textbox', { name: 'Observation' }).or(page.getByTestId('observation-read-only')).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/entity/${entityByName(entity).route}/view/manager/${id}/edit`);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('moves the figures after a decision taken in another browser, without a reload', async () => {
    const deskToken = await apiToken('responsabledesk');
    // Below the four-eyes threshold: one validation decides it. Filed by a login that decides none.
    const transfer = await fileTransfer(25_000);
    const manager = await browser.signedIn('manager');
    const desk = await browser.signedIn('responsabledesk');
    const page = manager.page;
    await queueCard(page, 'checkbookOrder').waitFor();
    const transfersBefore = await shownCount(page, 'transfer');
    // Survives as long as the page is not reloaded.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    const before = await shownCount(page, 'checkbookOrder');
    const decidedText = () => page.getByTestId('work-chart-decided').locator('figcaption').textContent();
    const decidedBefore = Number((await decidedText())!.split(': ').pop());

    const created = await api('POST', '/core/api/checkbook-orders', await apiToken(FILER), {
      demandStatus: 'IN_PROGRESS',
    });
    expect(created.status).toBe(201);
    const id = (created.body as { id: number }).id;
    await expect.poll(() => shownCount(page, 'checkbookOrder')).toBe(before + 1);

    await desk.page.goto(`/entity/checkbook-order/view/manager/${id}/edit`);
    await desk.page.getByRole('combobox', { name: 'Statut de la demande' }).click();
    await desk.page.getByRole('option', { name: 'Terminé', exact: true }).click();
    await desk.page.getByRole('textbox', { name: 'Observation' }).fill(`Remis au client ${run}`);
    await desk.page.getByRole('button', { name: 'Valider', exact: true }).click();
    await desk.page.getByText('La demande a été mise à jour.').waitFor();

    await expect.poll(() => shownCount(page, 'checkbookOrder')).toBe(before);
    await expect.poll(decidedText).toBe(`Demandes décidées en 30 jours : ${decidedBefore + 1}`);

    // A transfer's save moves the figure through its own event.
    const { id: transferId, version } = transfer;
    const validated = await api('PUT', `/core/api/transfers/${transferId}`, deskToken, {
      id: transferId,
      version,
      demandStatus: 'VALIDATED',
      comment: `Exécuté ${run}`,
    });
    expect(validated.status).toBe(200);
    await expect.poll(() => shownCount(page, 'transfer')).toBe(transfersBefore - 1);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await manager.context.close();
    await desk.context.close();
  });
});
