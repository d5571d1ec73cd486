// The staff screens in a real browser: the side menu per role with pending counts, a card order
// decision (observation required, history entry, count dropped), the client list and file with the
// phone modal, and the read-only forms of the data-entry agent and the trainee's menu.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readOnlyDecisionForm, screenshot, suiteBrowser } from './support';

const browser = suiteBrowser();

const { signedIn } = browser;

const menu = (page: Page) => page.getByTestId('side-menu');
const pendingCards = async (page: Page) => Number(await page.getByTestId('pending-cards').textContent());
const heading = (page: Page) => page.getByRole('heading', { level: 1 });

describe('manager', () => {
  it('sees the menu with pending counts and decides a pending card order', async () => {
    const { context, page, consoleErrors } = await signedIn('manager');
    for (const section of ['DEMANDES', 'SUPPORTS', 'PARAMÈTRES']) await menu(page).getByText(section).waitFor();
    await page.getByTestId('pending-cards').waitFor();
    await page.getByTestId('pending-checkbooks').waitFor();
    await page.getByTestId('pending-beneficiaries').waitFor();
    const before = await pendingCards(page);
    expect(before).toBeGreaterThan(0);
    await screenshot(page, 'manager-menu');

    await menu(page)
      .getByRole('link', { name: /Cartes/ })
      .click();
    await expect.poll(() => heading(page).textContent()).toBe('Liste des demandes de cartes');
    const pendingRow = page.locator('[data-testid="request-table"] tbody tr').filter({
      has: page.locator('[data-status="PENDING"]'),
    });
    const row = pendingRow.first();
    const id = await row.getAttribute('data-row-id');
    await screenshot(page, 'manager-card-orders');
    await row.getByRole('link', { name: 'Modifier' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Modification de carte');

    // Validated without an observation: refused with a message, nothing sent.
    await page.getByRole('textbox', { name: 'Observation' }).waitFor();
    await page.getByRole('combobox', { name: 'Statut de la demande' }).click();
    await page.getByRole('option', { name: 'Validé' }).click();
    await page.getByRole('button', { name: 'Valider', exact: true }).click();
    await page.getByText("L'observation est obligatoire").waitFor();
    expect(page.url()).toContain(`/entity/card-order/view/manager/${id}/edit`);
    await screenshot(page, 'manager-card-order-refused');

    await page.getByRole('textbox', { name: 'Observation' }).fill(`Carte validée e2e ${id}`);
    await page.getByRole('button', { name: 'Valider', exact: true }).click();
    await page.waitForURL(/\/entity\/card-order\/view\/manager(\?status=queue)?$/);
    await page.getByText('La demande a été mise à jour.').waitFor();
    // Decided, it leaves the work queue the list opens on.
    await page.locator(`[data-row-id="${id}"]`).waitFor({ state: 'detached' });
    await expect.poll(() => pendingCards(page)).toBe(before - 1);

    await page.goto(`/entity/card-orderlog/story/${id}/modal`);
    const modal = page.getByRole('dialog', { name: 'Historique de la demande de carte' });
    const entry = modal.getByRole('row').filter({ hasText: `Carte validée e2e ${id}` });
    await entry.waitFor();
    expect(await entry.getByRole('cell').last().textContent()).toBe('manager');
    await screenshot(page, 'manager-card-order-history');
    await page.keyboard.press('Escape');
    await page.waitForURL(/\/entity\/card-order\/view\/manager(\?.*)?$/);
    await page.getByTestId('request-table').waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('filters clients by name, opens the client file and saves the phone modal', async () => {
    const { context, page } = await signedIn('manager', '/entity/client/manager');
    await page.getByTestId('client-table').waitFor();
    const name = (await page
      .locator('[data-testid="client-table"] tbody tr')
      .first()
      .getByRole('cell')
      .nth(1)
      .textContent())!;
    await page.getByLabel('Nom du client').fill(name.split(' ')[1]!);
    await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
    await expect
      .poll(async () =>
        (await page.locator('[data-testid="client-table"] tbody tr').allTextContents()).every((text) =>
          text.toLowerCase().includes(name.split(' ')[1]!.toLowerCase()),
        ),
      )
      .toBe(true);
    await page
      .locator('[data-testid="client-table"] tbody tr')
      .filter({ hasText: name })
      .first()
      .getByRole('link', { name: 'Détails' })
      .click();
    await page.waitForURL('**/entity/bank-account/view/manager/*');
    await page.getByTestId('client-identity').getByText(name).waitFor();
    await page.getByTestId('client-accounts').getByText('XOF').first().waitFor();
    await screenshot(page, 'manager-client-file');

    const users = page.getByTestId('client-users');
    await users.waitFor();
    const withType = users
      .locator('tbody tr')
      .filter({ has: page.locator('.mantine-Badge-root') })
      .first();
    await withType.getByRole('button', { name: 'Modifier' }).click();
    const dialog = page.getByRole('dialog', { name: 'Modification du numéro de téléphone' });
    const phone = dialog.getByLabel('Nouveau numéro de téléphone');
    await phone.fill('');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.getByText('Le numéro de téléphone est obligatoire.').waitFor();
    await phone.fill('+221770001122');
    await dialog.getByLabel('Virement').check();
    await screenshot(page, 'manager-phone-modal');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Les notifications ont été mises à jour.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('agentsaisie', () => {
  it('sees Voir, not Action, and a read-only card form', async () => {
    const { context, page } = await signedIn('agentsaisie', '/entity/checkbook-order/view/manager');
    await page.getByTestId('request-table').waitFor();
    const rows = page.locator('[data-testid="request-table"] tbody tr');
    expect(await rows.first().getByRole('link', { name: 'Voir' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Action' }).count()).toBe(0);
    await page.goto('/entity/card-order/view/manager');
    await page.getByTestId('request-table').waitFor();
    expect(await page.getByRole('link', { name: 'Modifier' }).count()).toBe(0);
    await rows.first().getByRole('link', { name: 'Voir' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Modification de carte');
    await readOnlyDecisionForm(page);
    await screenshot(page, 'agentsaisie-card-form');
    await context.close();
  });
});

describe('stagiaire', () => {
  it('has transfers only in the menu', async () => {
    const { context, page } = await signedIn('stagiaire');
    await menu(page).waitFor();
    const links = await menu(page)
      .locator('[data-link]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-link')));
    expect(links).toEqual(['inbox', 'transfers', 'allEntities']);
    await screenshot(page, 'stagiaire-menu');
    await context.close();
  });
});
