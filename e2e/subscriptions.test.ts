// Subscriptions, packs and cash provisions in a real browser on demo data: a subscription request
// through the customer check and the save (confirmed, at the head of its list), found among the client
// subscriptions and validated with
// a pack, then its detail page; the warning modal of an unknown IBAN; a pack created with its price in
// XOF; the cash lists sorted by their headings and searched by the beneficiary's name; a provision
// validated by the cash agent, whose inputs then disappear; the read-only views of the others.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, screenshot, suiteBrowser } from './support';

const browser = suiteBrowser();

const { signedIn } = browser;
const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const menu = (page: Page) => page.getByTestId('side-menu');
const requestRows = (page: Page) => page.locator('[data-testid="request-table"] tbody tr');

/** Initials without accents, upper case: comparable whatever the database's collation. */
const initials = (texts: string[]) =>
  texts.map((text) =>
    text
      .trim()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .charAt(0)
      .toUpperCase(),
  );
const isSorted = (values: string[], order: 'asc' | 'desc') =>
  values.every((value, i) => i === 0 || (order === 'asc' ? values[i - 1]! <= value : values[i - 1]! >= value));

/** Clicks a sortable heading and waits for the address and the table to show the new order. */
async function sortBy(page: Page, label: string, key: string, order: 'asc' | 'desc') {
  const button = page.getByRole('button', { name: `Trier par ${label}`, exact: true });
  await button.click();
  await page.waitForURL(new RegExp(`sort=${key}%2C${order}`));
  const header = page.locator('th').filter({ has: button });
  await expect.poll(() => header.getAttribute('aria-sort')).toBe(order === 'asc' ? 'ascending' : 'descending');
  // A cell by its column's label, not its place: a decider's list starts with a selection column.
  const cells = requestRows(page).locator(`td[data-label="${label}"]`);
  await expect.poll(async () => isSorted(initials(await cells.allTextContents()), order)).toBe(true);
}

/** An open account of the demo data, asked of the server as a manager would see it. */
async function openAccountIban(): Promise<string> {
  const signIn = await fetch(`${baseURL()}/api/authenticate`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'manager', password: 'manager' }),
  });
  const { id_token: token } = (await signIn.json()) as { id_token: string };
  const answer = await fetch(
    `${baseURL()}/core/api/bank-accounts?bankAccountStatus.equals=OPENED&size=1&sort=id,desc`,
    {
      headers: { Authorization: `Bearer ${token}` },
    },
  );
  const [account] = (await answer.json()) as { iban: string }[];
  return account!.iban;
}

/**
 * Picks `option` in a Mantine select and checks the select now shows it. The dropdown opens with an
 * animation and scrolls to the current value, so a click may land on its neighbour, and on a loaded
 * machine it may close again before the click: as a user would, open it again and pick again.
 */
async function choose(page: Page, select: Locator, option: string | RegExp): Promise<string> {
  const target = page.getByRole('option', { name: option, exact: typeof option === 'string' }).last();
  const shows = (value: string) => (typeof option === 'string' ? value === option : option.test(value));
  for (let attempt = 0; attempt < 3; attempt++) {
    if (!(await target.isVisible())) await select.click();
    try {
      await target.click({ timeout: 5_000 });
    } catch {
      continue; // closed before the click
    }
    const value = await select.inputValue();
    if (shows(value)) return value;
  }
  throw new Error(`could not choose ${String(option)}`);
}

async function fillRequest(page: Page, iban: string, login: string) {
  await page.getByLabel('Identifiant', { exact: false }).first().fill(login);
  await page.getByLabel('Nom complet').fill(`Abonné ${login}`);
  await page.getByLabel('Email', { exact: false }).first().fill(`${login}@example.sn`);
  await page.getByLabel('RIB', { exact: false }).fill(iban);
  await page.getByLabel('Téléphone', { exact: false }).fill('+221 77 555 12 34');
  await choose(page, page.getByTestId('pack-select'), /XOF$/);
}

describe('subscriptions', () => {
  it('as manager: request through check and save, find it, validate it with a pack', async () => {
    const iban = await openAccountIban();
    const login = `e2e${Date.now()}`;
    const { context, page, consoleErrors } = await signedIn('manager');
    await menu(page).getByRole('link', { name: 'Souscriptions' }).click();
    await page.waitForURL(/\/entity\/view\/subs-request(\?.*)?$/);
    await expect.poll(() => heading(page).textContent()).toBe('Demandes de souscription');
    await page.getByTestId('subs-request-table').waitFor();
    await page.getByRole('link', { name: 'Nouvelle demande' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Nouvelle demande de souscription');

    // The pack selector: visible packs only, each with its price in XOF.
    await page.getByTestId('pack-select').click();
    const options = await page.getByRole('option').allTextContents();
    expect(options.length).toBeGreaterThan(0);
    for (const option of options) expect(option).toMatch(/ · \d{1,3}( \d{3})*(,\d\d)? XOF$/);
    await page.keyboard.press('Escape');
    await fillRequest(page, iban, login);
    await screenshot(page, 'subscriptions-request-form');
    await page.getByRole('button', { name: 'Valider', exact: true }).click();
    // Issue 38: a confirmation, and the subscription requests' list with the new request at its head.
    await page
      .locator('.mantine-Notification-root')
      .filter({ hasText: 'Demande de souscription enregistrée' })
      .waitFor();
    await page.waitForURL(/\/entity\/subs-request\?status=all$/);
    await expect.poll(() => heading(page).textContent()).toBe('Demandes de souscription');
    await page.locator('[data-testid="subs-request-table"] tbody tr').first().filter({ hasText: login }).waitFor();
    await screenshot(page, 'subscriptions-request-saved');
    await menu(page).getByRole('link', { name: 'Abonnés' }).click();
    await page.waitForURL(/\/entity\/client-subscription(\?.*)?$/);
    await expect.poll(() => heading(page).textContent()).toBe('Demandes de création de compte');

    // Newest first: the new subscription heads the list; the RIB filter finds it too.
    await page.getByRole('textbox', { name: 'RIB' }).fill(iban);
    await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
    const row = page
      .locator('[data-testid="client-subscription-table"] tbody tr')
      .filter({ hasText: `Abonné ${login}` });
    await row.waitFor();
    await row.locator('[data-status="PENDING"]').waitFor();
    await screenshot(page, 'subscriptions-client-list');

    await row.getByRole('link', { name: 'Modifier' }).click();
    await expect.poll(() => heading(page).textContent()).toBe("Validation de l'abonnement");
    await page.getByTestId('subscriber-facts').getByText(`${login}@example.sn`).waitFor();
    await choose(page, page.getByRole('combobox', { name: 'État actuel' }), 'Activé');
    const packText = (await choose(page, page.getByTestId('pack-select'), /XOF$/)).split(' · ')[0]!;
    await screenshot(page, 'subscriptions-validation');
    await page.getByRole('button', { name: 'Valider', exact: true }).click();
    await page.waitForURL(/\/entity\/client-subscription(\?.*)?$/);
    // The list, refreshed after the save, before its filter is used.
    await page.getByTestId('client-subscription-table').waitFor();
    await page.getByRole('textbox', { name: 'RIB' }).fill(iban);
    await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
    const validated = page
      .locator('[data-testid="client-subscription-table"] tbody tr')
      .filter({ hasText: `Abonné ${login}` });
    await validated.locator('[data-status="ENABLE"]').waitFor();
    await screenshot(page, 'subscriptions-validated');
    await expect.poll(() => validated.textContent()).toContain(packText);

    // Its detail page: the subscriber, the state as a badge, the pack; Edit, and Delete asking first.
    const id = await validated.getAttribute('data-row-id');
    await page.goto(`/entity/client-subscription/${id}`);
    await expect.poll(() => heading(page).textContent()).toBe(`Abonnement n° ${id}`);
    await page.getByTestId('subscriber-facts').getByText(`${login}@example.sn`).waitFor();
    await page.getByTestId('subscription-state').locator('[data-status="ENABLE"]').waitFor();
    await page.getByTestId('subscription-state').getByText(packText).waitFor();
    await screenshot(page, 'subscriptions-client-detail');
    await page.getByRole('link', { name: 'Supprimer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirmer la suppression' });
    await dialog.getByText(`n° ${id}`).waitFor();
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.goto(`/entity/client-subscription/${id}`);
    await page.getByRole('link', { name: 'Modifier' }).click();
    await page.waitForURL(`**/entity/client-subscription/${id}/edit`);
    await expect.poll(() => heading(page).textContent()).toBe("Validation de l'abonnement");
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('as manager: validates a pending subscription request from its list', async () => {
    const { context, page, consoleErrors } = await signedIn('manager', '/entity/subs-request?status=PENDING');
    const row = page.locator('[data-testid="subs-request-table"] tbody tr').first();
    await row.locator('[data-status="PENDING"]').waitFor();
    const id = await row.getAttribute('data-row-id');
    await row.getByRole('link', { name: 'Valider' }).click();
    // The link carries the list's view (?status=PENDING).
    await page.waitForURL((url) => url.pathname === `/entity/subs-request/${id}/edit`);
    await choose(page, page.getByRole('combobox', { name: 'Statut de la demande' }), 'Validé');
    await screenshot(page, 'subscriptions-request-edit');
    await page.getByRole('button', { name: 'Valider', exact: true }).click();
    await page.waitForURL(/\/entity\/subs-request(\?status=PENDING)?$/);
    // Validated, it leaves the pending requests (the manager's list opens on the work queue).
    await page.locator(`[data-row-id="${id}"]`).waitFor({ state: 'detached' });
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('as manager: an unknown IBAN opens the warning modal and saves nothing', async () => {
    const { context, page } = await signedIn('manager', '/entity/subs-request/new');
    await fillRequest(page, 'SN00UNKNOWN0000', `e2ebad${Date.now()}`);
    await page.getByRole('button', { name: 'Valider', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Vérification du client' });
    await modal.getByText('ne correspond à aucun compte de la banque').waitFor();
    await screenshot(page, 'subscriptions-check-refused');
    await modal.getByRole('button', { name: 'Annuler' }).click();
    await modal.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/entity/subs-request/new');
    await context.close();
  });

  it('as manager: creates a pack with its price and finds it in XOF', async () => {
    const { context, page } = await signedIn('manager');
    await menu(page).getByRole('link', { name: 'Packs' }).click();
    await page.waitForURL(/\/entity\/pack\/view\/manager(\?.*)?$/);
    await page.getByRole('link', { name: 'Créer' }).click();
    await page.waitForURL(/\/entity\/pack\/manager\/new(\?.*)?$/);
    const label = `Pack e2e ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Libellé' }).fill(label);
    await page.getByRole('textbox', { name: 'Prix' }).fill('12 500');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL(/\/entity\/pack\/view\/manager(\?.*)?$/);
    await page.getByRole('textbox', { name: /Rechercher/ }).fill(label);
    await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
    const row = page.locator('[data-testid="entity-table"] tbody tr').filter({ hasText: label });
    await row.waitFor();
    expect(await row.textContent()).toContain('12 500 XOF');
    await row.getByRole('link', { name: /^Modifier/ }).click();
    await page.waitForURL(/\/entity\/pack\/view\/manager\/\d+\/edit$/);
    await screenshot(page, 'subscriptions-pack-edit');

    // Services: the manager list, and the spec's doubled address of the new-service form kept working.
    await menu(page).getByRole('link', { name: 'Services' }).click();
    await page.waitForURL(/\/entity\/serenity-services\/manager(\?.*)?$/);
    await page.getByTestId('entity-table').waitFor();
    await page.goto('/entity/serenity-services/entity/serenity-services/manager/new');
    await page.getByRole('textbox', { name: 'Libellé' }).waitFor();
    await page.getByRole('link', { name: 'Annuler' }).click();
    await page.waitForURL(/\/entity\/serenity-services\/manager(\?.*)?$/);
    await context.close();
  });

  it('as agentca: the cash lists sort by each heading, page by five buttons, find provisions by beneficiary', async () => {
    const { context, page, consoleErrors } = await signedIn('agentca');
    // All of them, not the agent's work queue it opens on.
    await page.goto('/entity/CA/view/provision-cash?status=all');
    await requestRows(page).first().waitFor();
    // At most five page buttons around the current page.
    const pageButtons = page.getByRole('button', { name: /^Page \d+$/ });
    expect(await pageButtons.count()).toBe(5);
    await sortBy(page, 'Bénéficiaire', 'beneficiaryCashLastName', 'asc');
    await screenshot(page, 'subscriptions-provisions-sorted');
    await sortBy(page, 'Bénéficiaire', 'beneficiaryCashLastName', 'desc');
    await sortBy(page, 'Agence de retrait', 'branchName', 'asc');

    // The search box matches the linked beneficiary's first and last names (joined fields).
    const beneficiary = requestRows(page).first().locator('td[data-label="Bénéficiaire"]');
    const lastName = (await beneficiary.locator('p').first().textContent())!.trim();
    const firstName = (await beneficiary.locator('p').nth(1).textContent())!.trim();
    await page.getByRole('textbox', { name: 'Recherche' }).fill(`${firstName} ${lastName}`);
    await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
    await page.waitForURL(/query=/);
    // The order chosen by the heading stays with the search.
    expect(page.url()).toContain('sort=branchName%2Casc');
    const names = requestRows(page).locator('td[data-label="Bénéficiaire"]');
    await expect
      .poll(async () => {
        const found = await names.allTextContents();
        return found.length > 0 && found.every((text) => text.includes(lastName) && text.includes(firstName));
      })
      .toBe(true);
    await screenshot(page, 'subscriptions-provisions-by-beneficiary');

    // The cash beneficiaries: each name heading sorts by its own field.
    await page.goto('/entity/CA/view/beneficiary-cash?status=all');
    await requestRows(page).first().waitFor();
    await sortBy(page, 'Prénom', 'firstName', 'asc');
    await sortBy(page, 'Nom', 'lastName', 'asc');
    await sortBy(page, 'Nom', 'lastName', 'desc');
    await screenshot(page, 'subscriptions-cash-beneficiaries-sorted');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('as agentca: validates a provision, then its inputs are gone', async () => {
    const { context, page, consoleErrors } = await signedIn('agentca');
    const links = await menu(page).getByRole('link').allTextContents();
    expect(links.some((text) => text.includes('Provisions'))).toBe(true);
    await menu(page).getByRole('link', { name: 'Provisions' }).click();
    await page.waitForURL(/\/entity\/CA\/view\/provision-cash(\?.*)?$/);
    await expect.poll(() => heading(page).textContent()).toBe('Liste des mises à disposition');
    await page.getByTestId('request-table').waitFor();
    // The search box (the provision's own texts): every row found has the motif searched for.
    const motifs = requestRows(page).locator('td[data-label="Motif de la mise à disposition"]');
    const motif = (await motifs.first().textContent())!.trim();
    const total = await page.getByTestId('request-count').textContent();
    await page.getByRole('textbox', { name: 'Recherche' }).fill(motif);
    await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
    await page.waitForURL(/query=/);
    await expect
      .poll(async () => {
        const found = await motifs.allTextContents();
        return found.length > 0 && found.every((text) => text.toLowerCase().includes(motif.toLowerCase()));
      })
      .toBe(true);
    await page.getByRole('button', { name: 'Réinitialiser' }).click();
    // Back to the work queue it opened on.
    await page.waitForURL('**/entity/CA/view/provision-cash?status=queue');
    await expect.poll(() => page.getByTestId('request-count').textContent()).toBe(total);
    // An open provision under the four-eyes threshold (1 000 000 XOF): one validation settles it.
    const rows = page
      .locator('[data-testid="request-table"] tbody tr')
      .filter({ has: page.locator('[data-status="INPROGRESS"], [data-status="PENDING"], [data-status="OTPPENDING"]') });
    const amounts = await rows.locator('td[data-label="Montant"]').allTextContents();
    // Amounts with spaces as thousands separator, and their currency.
    for (const amount of amounts) expect(amount).toMatch(/^\d{1,3}( \d{3})* XOF$/);
    const index = amounts.findIndex((amount) => Number(amount.replace(/ |XOF/g, '')) < 1_000_000);
    expect(index).toBeGreaterThanOrEqual(0);
    const open = rows.nth(index);
    const id = await open.getAttribute('data-row-id');
    await screenshot(page, 'subscriptions-provisions');
    await open.getByRole('link', { name: 'Modifier' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Modifier la mise à disposition');
    await page.getByTestId('print-link').waitFor();
    await choose(page, page.getByRole('combobox', { name: 'Statut de la demande' }), 'Validé');
    await page.getByRole('textbox', { name: 'Observation' }).fill(`Remis au guichet e2e ${id}`);
    await page.getByRole('button', { name: 'Valider', exact: true }).click();
    await page.waitForURL(/\/entity\/provision-cash\/view\/manager(\?status=queue)?$/);
    // Validated, it leaves the work queue.
    await page.locator(`[data-row-id="${id}"]`).waitFor({ state: 'detached' });

    // The detail page (all fields, Back and Edit); its Edit is the same decision form, now read-only.
    await page.goto(`/entity/provision-cash/${id}`);
    await page.getByRole('link', { name: 'Modifier' }).click();
    await page.waitForURL(`**/entity/provision-cash/${id}/edit`);
    await expect.poll(() => heading(page).textContent()).toBe('Modifier la mise à disposition');
    await page.getByTestId('observation-read-only').getByText(`Remis au guichet e2e ${id}`).waitFor();
    expect(await page.getByRole('textbox', { name: 'Observation' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Valider', exact: true }).count()).toBe(0);
    await screenshot(page, 'subscriptions-provision-finished');

    await page.getByTestId('print-link').click();
    await page.waitForURL(`**/entity/provision-cash/${id}/print`);
    await page.getByTestId('print-sheet').getByText(`Remis au guichet e2e ${id}`).waitFor();
    await screenshot(page, 'subscriptions-provision-print');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('as manager: SMS subscriptions, cash beneficiaries, the OTP token masked, user branches', async () => {
    const { context, page, consoleErrors } = await signedIn(
      'manager',
      '/entity/sms-subscription/view/manager?status=all',
    );
    await expect.poll(() => heading(page).textContent()).toBe('Abonnements SMS');
    const smsRow = page.locator('[data-testid="request-table"] tbody tr').first();
    expect(await smsRow.locator('td[data-label="RIB"]').textContent()).toMatch(/^.{6}…$/);
    await smsRow.getByRole('link', { name: 'Modifier' }).click();
    await expect.poll(() => heading(page).textContent()).toBe("Modification de l'abonnement SMS");
    await page.getByRole('textbox', { name: 'Prix du service' }).waitFor();
    await screenshot(page, 'subscriptions-sms-edit');

    await menu(page).getByRole('link', { name: 'Bénéficiaires cash' }).click();
    await page.waitForURL(/\/entity\/beneficiary-cash\/view\/manager(\?.*)?$/);
    await expect.poll(() => heading(page).textContent()).toBe('Bénéficiaires de mise à disposition');
    await page.getByTestId('request-table').waitFor();
    const headings = await page.locator('[data-testid="request-table"] thead th').allTextContents();
    expect(headings.slice(0, 2)).toEqual(['Prénom', 'Nom']);
    // The manager may look, not decide: the cash agents decide.
    expect(await page.getByRole('link', { name: 'Valider' }).count()).toBe(0);
    await screenshot(page, 'subscriptions-cash-beneficiaries');

    await page.goto('/entity/otpstory');
    const token = page.locator('[data-testid="entity-table"] tbody tr').first().locator('td').nth(1);
    expect(await token.textContent()).toMatch(/^.{3}\*{5}.{0,6}$/);
    // Issue 38: the OTP service's status codes read in words (the code stays in the tooltip).
    const cells = await page.locator('[data-testid="entity-table"] tbody td').allTextContents();
    expect(cells.filter((text) => ['VALIDATED', 'EXPIRED', 'PENDING', 'FAILED'].includes(text))).toEqual([]);
    expect(cells.some((text) => ['Validé', 'Expiré', 'En attente', 'Échoué'].includes(text))).toBe(true);
    await screenshot(page, 'subscriptions-otpstory');

    await page.goto('/entity/user-branch');
    const branchLink = page.locator('[data-testid="entity-table"] tbody tr').first().getByRole('link').nth(1);
    expect(await branchLink.getAttribute('href')).toMatch(/^\/entity\/branch\/\d+$/);
    // The branch by name, not by id (spec part 2 §2.16).
    expect(await branchLink.textContent()).toMatch(/^Agence /);
    await screenshot(page, 'subscriptions-user-branches');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('as agentrsic sees only the provisions; as agentsaisie only views subscriptions', async () => {
    const rsic = await signedIn('agentrsic');
    const requests = await menu(rsic.page).getByRole('link').allTextContents();
    // Their checker inbox (issue 38) and the provisions, each with its count.
    expect(
      requests.filter((text) => !text.includes('Toutes les entités')).map((text) => text.replace(/\d+$/, '')),
    ).toEqual(['À décider', 'Provisions']);
    await rsic.context.close();

    const { context, page } = await signedIn('agentsaisie', '/entity/client-subscription');
    const rows = page.locator('[data-testid="client-subscription-table"] tbody tr');
    await rows.first().waitFor();
    expect(await page.getByRole('link', { name: 'Voir' }).count()).toBe(await rows.count());
    expect(await page.getByRole('link', { name: 'Modifier' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Supprimer' }).count()).toBe(0);
    await screenshot(page, 'subscriptions-agentsaisie');
    const id = await rows.first().getAttribute('data-row-id');
    await rows.first().getByRole('link', { name: 'Voir' }).click();
    await page.waitForURL(`**/entity/client-subscription/${id}`);
    await page.getByTestId('subscriber-facts').waitFor();
    expect(await page.getByRole('link', { name: 'Modifier' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Supprimer' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Retour' }).click();
    await page.waitForURL(/\/entity\/client-subscription(\?.*)?$/);
    await context.close();
  });
});
