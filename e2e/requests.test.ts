// The request workflows of part 1 in a real browser, beyond card orders: a checkbook decision by the
// desk supervisor with its history, opposition decisions, a beneficiary accepted and one rejected with
// the Valider / Rejeter buttons, two staff on the same request (the second is told, nothing is lost),
// the read-only screens of the complaints handler, and the e-mail modal of an online-banking user.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readOnlyDecisionForm, screenshot, suiteBrowser } from './support';

const browser = suiteBrowser();

const { signedIn } = browser;
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const rows = (page: Page) => page.locator('[data-testid="request-table"] tbody tr');
const run = `${Date.now() % 1_000_000}`;
const DECIDE = /^(Modifier|Action)$/;

/** Opens the decision form of the first row of `list` whose status is `status`; returns its id. */
async function openFirst(page: Page, list: string, status: string, editTitle: string): Promise<string> {
  // The status view, as staff would, rather than hoping for one on the first page.
  await page.goto(`${list}?status=${status}`);
  await rows(page).first().waitFor();
  const row = rows(page)
    .filter({ has: page.locator(`[data-status="${status}"]`) })
    .first();
  await row.waitFor();
  const id = (await row.getAttribute('data-row-id'))!;
  // The spec words the button 'Action' on checkbooks, cards and beneficiaries, 'Modifier' elsewhere.
  await row.getByRole('link', { name: DECIDE }).click();
  await expect.poll(() => heading(page).textContent()).toBe(editTitle);
  await page.getByRole('textbox', { name: 'Observation' }).waitFor();
  return id;
}

async function chooseStatus(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The back to `list` after a decision (in the view the form came from), the decided row gone from it. */
async function backWithout(page: Page, list: string, id: string): Promise<void> {
  await page.waitForURL(new RegExp(`${list}(\\?status=\\w+)?$`));
  await page.getByText('La demande a été mise à jour.').waitFor();
  await page.locator(`[data-row-id="${id}"]`).waitFor({ state: 'detached' });
}

/** The history modal of request `id` (its log route `log`): the entry with `comment` and its author. */
async function historyAuthor(page: Page, log: string, id: string, title: string, comment: string) {
  await page.goto(`/entity/${log}/${id}/modal`);
  const entry = page.getByRole('dialog', { name: title }).getByRole('row').filter({ hasText: comment });
  await entry.waitFor();
  const author = await entry.getByRole('cell').last().textContent();
  await page.keyboard.press('Escape');
  return author;
}

describe('responsabledesk', () => {
  it('finishes a checkbook order: the list, the history and the pending count follow', async () => {
    const { context, page, consoleErrors } = await signedIn('responsabledesk');
    const pending = async () => Number(await page.getByTestId('pending-checkbooks').textContent());
    await page.getByTestId('pending-checkbooks').waitFor();
    const before = await pending();
    const id = await openFirst(
      page,
      '/entity/checkbook-order/view/manager',
      'IN_PROGRESS',
      'Modification de chéquiers',
    );
    await chooseStatus(page, 'Statut de la demande', 'Terminé');
    const comment = `Chéquier remis e2e ${run}`;
    await page.getByRole('textbox', { name: 'Observation' }).fill(comment);
    await screenshot(page, 'desk-checkbook-decision');
    await page.getByRole('button', { name: 'Valider', exact: true }).click();
    await backWithout(page, '/entity/checkbook-order/view/manager', id);
    await expect.poll(pending).toBe(before - 1);
    expect(await historyAuthor(page, 'check-orderlog/story', id, 'Historique de la demande de chéquier', comment)).toBe(
      'responsabledesk',
    );
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('rejects a check opposition and validates a card opposition', async () => {
    const { context, page } = await signedIn('responsabledesk');
    const cases = [
      {
        list: '/entity/check-opposition/view/manager',
        title: "Modification d'opposition de chéquier",
        label: 'Statut de la demande',
        option: 'Rejeté',
        status: 'REJECTED',
        log: 'check-opposition-log/view',
        history: "Historique D'opposition de chèque",
      },
      {
        list: '/entity/card-opposition/view/manager',
        title: "Modification d'opposition de carte",
        label: "Statut de l'opposition",
        option: 'Validé',
        status: 'VALIDATED',
        log: 'card-opposition-log/story',
        history: "Historique D'opposition de carte",
      },
    ];
    for (const c of cases) {
      const id = await openFirst(page, c.list, 'PENDING', c.title);
      await chooseStatus(page, c.label, c.option);
      const comment = `Opposition traitée e2e ${run} ${c.status}`;
      await page.getByRole('textbox', { name: 'Observation' }).fill(comment);
      await page.getByRole('button', { name: 'Valider', exact: true }).click();
      await backWithout(page, c.list, id);
      expect(await historyAuthor(page, c.log, id, c.history, comment)).toBe('responsabledesk');
    }
    await screenshot(page, 'desk-card-oppositions');
    await context.close();
  });
});

describe('manager and beneficiaries', () => {
  it('accepts one beneficiary and rejects another with the buttons; an observation is required', async () => {
    const { context, page } = await signedIn('manager');
    const pending = async () => Number(await page.getByTestId('pending-beneficiaries').textContent());
    await page.getByTestId('pending-beneficiaries').waitFor();
    const before = await pending();
    for (const [button, status] of [
      ['Valider', 'ACCEPTED'],
      ['Rejeter', 'REJECTED'],
    ] as const) {
      const id = await openFirst(page, '/entity/beneficiary/view/manager', 'PENDING', 'Demandes de bénéficiaires');
      await page.getByRole('button', { name: button, exact: true }).click();
      await page.getByText("L'observation est obligatoire").waitFor();
      const comment = `Bénéficiaire ${status} e2e ${run}`;
      await page.getByRole('textbox', { name: 'Observation' }).fill(comment);
      if (button === 'Rejeter') await screenshot(page, 'manager-beneficiary-decision');
      await page.getByRole('button', { name: button, exact: true }).click();
      await backWithout(page, '/entity/beneficiary/view/manager', id);
      // The decided row may be on any page of the list: its history, opened by address, tells.
      await page.goto(`/entity/beneficiary-log/story/${id}/modal`);
      const dialog = page.getByRole('dialog', { name: 'Historique de la demande de bénéficiaire' });
      const entry = dialog.getByRole('row').filter({ hasText: comment });
      await entry.locator(`[data-status="${status}"]`).waitFor();
      expect(await entry.getByRole('cell').last().textContent()).toBe('manager');
    }
    await expect.poll(pending).toBe(before - 2);
    await context.close();
  });
});

describe('two staff on the same request', () => {
  it('tells the second one that the request changed, reloads it, and saves nothing over the first', async () => {
    const first = await signedIn('manager');
    const second = await signedIn('responsabledesk');
    const list = '/entity/check-opposition/view/manager';
    const title = "Modification d'opposition de chéquier";
    const id = await openFirst(first.page, list, 'PENDING', title);
    await second.page.goto(`${list}/${id}/edit`);
    await second.page.getByRole('textbox', { name: 'Observation' }).waitFor();

    await chooseStatus(first.page, 'Statut de la demande', 'Validé');
    await first.page.getByRole('textbox', { name: 'Observation' }).fill(`Premier arrivé ${run}`);
    await first.page.getByRole('button', { name: 'Valider', exact: true }).click();
    await backWithout(first.page, list, id);

    // The second form hears of the first save (its notice pushes the form down: wait for it, so that
    // the next click does not land where the status field was).
    await second.page.getByTestId('saved-elsewhere').waitFor();
    await chooseStatus(second.page, 'Statut de la demande', 'Rejeté');
    await second.page.getByRole('textbox', { name: 'Observation' }).fill(`Second arrivé ${run}`);
    await second.page.getByRole('button', { name: 'Valider', exact: true }).click();
    await second.page.getByTestId('decision-conflict').waitFor();
    expect(second.page.url()).toContain(`${list}/${id}/edit`);
    await screenshot(second.page, 'desk-conflict');

    // The first decision stands: the history has it, validated, and nothing of the second.
    await first.page.goto(`/entity/check-opposition-log/view/${id}/modal`);
    const dialog = first.page.getByRole('dialog', { name: "Historique D'opposition de chèque" });
    await dialog
      .getByRole('row')
      .filter({ hasText: `Premier arrivé ${run}` })
      .locator('[data-status="VALIDATED"]')
      .waitFor();
    expect(await dialog.getByText(`Second arrivé ${run}`).count()).toBe(0);
    await first.context.close();
    await second.context.close();
  });
});

describe('gestionreclamationsclients', () => {
  it('sees Voir and a read-only decision form on every request list of part 1', async () => {
    const { context, page, consoleErrors } = await signedIn('reclamations');
    for (const list of [
      '/entity/checkbook-order/view/manager',
      '/entity/check-opposition/view/manager',
      '/entity/card-opposition/view/manager',
      '/entity/beneficiary/view/manager',
    ]) {
      await page.goto(list);
      const row = rows(page).first();
      await row.waitFor();
      expect(await row.getByRole('link', { name: DECIDE }).count()).toBe(0);
      await row.getByRole('link', { name: 'Voir' }).click();
      await readOnlyDecisionForm(page);
    }
    await screenshot(page, 'reclamations-readonly');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('online-banking users', () => {
  it('changes the e-mail of a user without notification type from the client file', async () => {
    const { context, page } = await signedIn('manager', '/entity/client/manager');
    // The first clients of the list until one has a user without notification type.
    const details = page.locator('[data-testid="client-table"] tbody tr').getByRole('link', { name: 'Détails' });
    await details.first().waitFor();
    const count = await details.count();
    let opened = false;
    for (let i = 0; i < count && !opened; i++) {
      await page.goto('/entity/client/manager');
      await details.nth(i).click();
      await page.waitForURL('**/entity/bank-account/view/manager/*');
      await page.getByTestId('client-identity').waitFor();
      // The users table, or the notice that the client has none.
      await page.locator('[data-testid="client-users"], .mantine-Alert-root').first().waitFor();
      const users = page.getByTestId('client-users');
      if ((await users.count()) === 0) continue;
      const plain = users.locator('tbody tr').filter({ hasNot: page.locator('.mantine-Badge-root') });
      if ((await plain.count()) === 0) continue;
      await plain.first().getByRole('button', { name: 'Modifier' }).click();
      opened = true;
    }
    expect(opened).toBe(true);
    const dialog = page.getByRole('dialog', { name: "Modification de l'e-mail" });
    const email = dialog.getByLabel('Email');
    await email.fill('');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.getByText('Ce champ est obligatoire.').waitFor();
    await email.fill(`client.${run}@banque.sn`);
    await screenshot(page, 'manager-email-modal');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL(/\/entity\/client\/manager(\?.*)?$/);
    await context.close();
  });
});
