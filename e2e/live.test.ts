// Beyond the original, in a real browser: a large transfer needs two different staff members (the first
// validation waits, the same person cannot give the second, the history shows both); two staff on one
// card order see each other live, and the side-menu badge drops without a reload when it is decided.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fileTransfer, screenshot, suiteBrowser } from './support';

const browser = suiteBrowser();

const { signedIn } = browser;
const run = `${Date.now() % 1_000_000}`;

async function validateTransfer(page: Page, id: unknown, observation: string): Promise<void> {
  await page.goto(`/entity/transfer/view/manager/${id}/edit`);
  await page.getByTestId('approval-notice').waitFor();
  await page.getByRole('combobox', { name: 'Statut de la demande' }).click();
  await page.getByRole('option', { name: 'Validé', exact: true }).click();
  await page.getByRole('textbox', { name: 'Observation' }).fill(observation);
  await page.getByRole('button', { name: 'Valider', exact: true }).click();
}

describe('four-eyes rule', () => {
  it('takes a manager and a desk supervisor to validate a large transfer; the history shows both', async () => {
    // Filed by a login that decides none: the manager and the desk head may both validate it.
    const transfer = await fileTransfer(2_500_000);
    const manager = await signedIn('manager');

    await validateTransfer(manager.page, transfer.id, `Premier contrôle ${run}`);
    await manager.page.getByText('Première validation enregistrée').waitFor();
    await manager.page.waitForURL(/\/entity\/transfer\/view\/manager(\?.*)?$/);

    // The same manager again: told why, nothing changes.
    await validateTransfer(manager.page, transfer.id, 'Encore moi');
    await manager.page.getByText(/la seconde doit venir d.une autre personne/).waitFor();
    expect(await manager.page.getByTestId('approval-notice').textContent()).toMatch(
      /^Première validation par manager le \d\d\/\d\d\/\d\d \d\d:\d\d, en attente d'une seconde validation\.$/,
    );
    await screenshot(manager.page, 'four-eyes-same-approver');
    await manager.context.close();

    const desk = await signedIn('responsabledesk');
    await validateTransfer(desk.page, transfer.id, `Second contrôle ${run}`);
    await desk.page.getByText('La demande a été mise à jour.').waitFor();
    await desk.page.goto(`/entity/transfer-log/story/${transfer.id}/modal`);
    const dialog = desk.page.getByRole('dialog', { name: 'Historique du virement' });
    const first = dialog.getByRole('row').filter({ hasText: `Premier contrôle ${run}` });
    const second = dialog.getByRole('row').filter({ hasText: `Second contrôle ${run}` });
    await first.waitFor();
    await second.waitFor();
    expect(await first.getByRole('cell').last().textContent()).toBe('manager');
    expect(await second.getByRole('cell').last().textContent()).toBe('responsabledesk');
    await screenshot(desk.page, 'four-eyes-history');
    await desk.context.close();
  });
});

describe('live work queue', () => {
  it('shows who else is on a card order, and drops the badge when it is decided, without a reload', async () => {
    const manager = await signedIn('manager');
    const desk = await signedIn('responsabledesk');
    const badge = async () => Number(await desk.page.getByTestId('pending-cards').textContent());

    await manager.page.goto('/entity/card-order/view/manager');
    const row = manager.page
      .locator('[data-testid="request-table"] tbody tr')
      .filter({ has: manager.page.locator('[data-status="PENDING"]') })
      .first();
    await row.waitFor();
    const id = await row.getAttribute('data-row-id');
    await row.getByRole('link', { name: 'Modifier' }).click();
    await manager.page.getByRole('textbox', { name: 'Observation' }).waitFor();

    await desk.page.goto(`/entity/card-order/view/manager/${id}/edit`);
    const notice = desk.page.getByTestId('presence-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toMatch(/^En cours de traitement par manager depuis \d\d:\d\d$/);
    await desk.page.getByTestId('pending-cards').waitFor();
    const before = await badge();
    await screenshot(desk.page, 'presence-notice');

    await manager.page.getByRole('combobox', { name: 'Statut de la demande' }).click();
    await manager.page.getByRole('option', { name: 'Validé', exact: true }).click();
    await manager.page.getByRole('textbox', { name: 'Observation' }).fill(`Vu en direct ${run}`);
    await manager.page.getByRole('button', { name: 'Valider', exact: true }).click();
    await manager.page.waitForURL(/\/entity\/card-order\/view\/manager(\?.*)?$/);

    // Well before the menu's one-minute refresh: the event stream brought it.
    await expect.poll(badge).toBe(before - 1);
    // The manager left the form: the notice goes.
    await notice.waitFor({ state: 'detached', timeout: 5000 });
    await manager.context.close();
    await desk.context.close();
  });

  it('releases a claim within seconds when its tab is closed', async () => {
    const manager = await signedIn('manager');
    const desk = await signedIn('responsabledesk');
    await manager.page.goto('/entity/checkbook-order/view/manager');
    const row = manager.page
      .locator('[data-testid="request-table"] tbody tr')
      .filter({ has: manager.page.locator('[data-status="PENDING"]') })
      .first();
    await row.waitFor();
    const id = await row.getAttribute('data-row-id');
    await manager.page.goto(`/entity/checkbook-order/view/manager/${id}/edit`);
    await manager.page.getByRole('textbox', { name: 'Observation' }).waitFor();

    await desk.page.goto(`/entity/checkbook-order/view/manager/${id}/edit`);
    const notice = desk.page.getByTestId('presence-notice');
    await notice.waitFor();
    // Closed as a user closes a tab (its pagehide runs), not merely dropped.
    await manager.page.close({ runBeforeUnload: true });
    await notice.waitFor({ state: 'detached', timeout: 10_000 });
    await manager.context.close();
    await desk.context.close();
  });
});
