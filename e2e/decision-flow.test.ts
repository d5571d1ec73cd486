// Deciding fast, in a real browser: "Valider et suivant" walks the list view the form was opened from
// (skipping a request someone else has open) in at most 3 clicks and 1 typed field per request; card
// orders are worked with the keyboard alone; every next request opens with no decision chosen, and
// Ctrl+Enter there without one saves nothing and asks for it; the form shows the request's history beside the
// decision, four-eyes validations included; a form open in two browsers warns the second when the
// first saves.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, apiToken, fileTransfer, FILER, screenshot, suiteBrowser } from './support';
import { countUserActions, takeUserActions } from './user-actions';

const browser = suiteBrowser();
const run = `${Date.now() % 1_000_000}`;
/** The queue view the forms are opened in: newest first, so that the card orders made here come first. */
const NEWEST_FIRST = '?sort=createdAt,desc';

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const observation = (page: Page) => page.getByRole('textbox', { name: 'Observation' });

/**
 * Pending card orders filed through the API (by a login that decides none), oldest first; their holders are
 * `<holder> <run> <index>`.
 */
async function pendingCardOrders(count: number, holder = 'File'): Promise<number[]> {
  const token = await apiToken(FILER);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const created = await api('POST', '/core/api/card-orders', token, {
      holderName: `${holder} ${run} ${i}`,
      orderStatus: 'PENDING',
    });
    expect(created.status).toBe(201);
    ids.push((created.body as { id: number }).id);
  }
  return ids;
}

const status = (page: Page) => page.getByRole('combobox', { name: 'Statut de la demande' });

/**
 * The form of card order `id` ready for a decision: its title, its current status beside it, no status
 * chosen, an empty observation that has the focus.
 */
async function cardOrderForm(page: Page, id: number): Promise<void> {
  await expect.poll(() => heading(page).textContent()).toBe('Modification de carte');
  await expect.poll(() => page.url()).toContain(`/entity/card-order/view/manager/${id}/edit${NEWEST_FIRST}`);
  await expect.poll(() => observation(page).evaluate((field) => field === document.activeElement)).toBe(true);
  expect(await observation(page).inputValue()).toBe('');
  expect(await status(page).inputValue()).toBe('');
  expect(await page.getByTestId('current-status').textContent()).toBe('Statut actuelEn attente');
}

/** A request's status and its newest history comment, read through the API. */
async function decided(id: number): Promise<{ status: unknown; comment: unknown }> {
  const token = await apiToken('manager');
  const row = (await api('GET', `/core/api/card-orders/${id}`, token)).body as { orderStatus: unknown };
  const story = (await api('POST', `/core/api/card-orderlogs/story/${id}`, token)).body as Array<{ comment: unknown }>;
  return { status: row.orderStatus, comment: story[0]?.comment };
}

describe('Valider et suivant', () => {
  it('processes three card orders in a row, skipping one someone else has open, in ≤3 clicks and 1 field each', async () => {
    const [oldest, second, claimed, newest] = (await pendingCardOrders(4)) as [number, number, number, number];
    // The desk head has the third one open: the queue passes it by.
    const desk = await apiToken('responsabledesk');
    expect((await api('PUT', `/core/api/presence/card-orders/${claimed}`, desk)).status).toBe(200);

    const { context, page, consoleErrors } = await browser.signedIn('manager');
    await page.addInitScript(countUserActions);
    // As the list's link opens it: the form carries the list view in its address.
    await page.goto(`/entity/card-order/view/manager/${newest}/edit${NEWEST_FIRST}`);
    const processed: number[] = [];
    for (const id of [newest, second, oldest]) {
      await cardOrderForm(page, id);
      if (processed.length === 0) await takeUserActions(page);
      await page.getByRole('combobox', { name: 'Statut de la demande' }).click();
      await page.getByRole('option', { name: 'Validé', exact: true }).click();
      await observation(page).fill(`Suivant ${run} ${id}`);
      if (processed.length === 1) await screenshot(page, 'decision-flow-next');
      await page.getByRole('button', { name: 'Valider et suivant' }).click();
      const actions = await takeUserActions(page);
      expect(actions, `request ${processed.length + 1}`).toEqual({ clicks: 3, keys: 0, typed: 1 });
      processed.push(id);
      await page.getByText('La demande a été mise à jour.').first().waitFor();
    }
    // The fourth form is the next pending request of the view, not one of these nor the claimed one.
    await expect.poll(() => heading(page).textContent()).toBe('Modification de carte');
    const shown = () => Number(/\/manager\/(\d+)\/edit/.exec(page.url())?.[1] ?? 0);
    await expect.poll(() => shown() > 0 && ![...processed, claimed].includes(shown())).toBe(true);

    for (const id of processed)
      expect(await decided(id)).toEqual({ status: 'VALIDATED', comment: `Suivant ${run} ${id}{}VALIDATED{}manager` });
    expect((await decided(claimed)).status).toBe('PENDING');
    expect(consoleErrors).toEqual([]);
    await api('DELETE', `/core/api/presence/card-orders/${claimed}`, desk);
    await context.close();
  });

  it('opens each of ten card orders with nothing chosen; Ctrl+Enter without a decision saves nothing', async () => {
    const ids = await pendingCardOrders(10, 'Dix');
    const { context, page, consoleErrors } = await browser.signedIn('manager');
    await page.goto(`/entity/card-order/view/manager/${ids[9]}/edit${NEWEST_FIRST}`);
    // Newest first: the last one made opens first.
    for (const id of [...ids].reverse()) {
      await cardOrderForm(page, id);
      await page.getByText(`Dix ${run} ${ids.indexOf(id)}`, { exact: true }).waitFor();
      await observation(page).fill(`Décision ${run} ${id}`);
      if (id === ids[8]) {
        // One Ctrl+Enter too many, with no decision chosen: nothing saved, the choice asked for and focused.
        await page.keyboard.press('Control+Enter');
        await page.getByRole('alert').filter({ hasText: 'Choisissez une décision' }).waitFor();
        await expect.poll(() => status(page).evaluate((element) => element === document.activeElement)).toBe(true);
        await screenshot(page, 'decision-flow-choose');
        expect(page.url()).toContain(`/manager/${id}/edit`);
        expect(await decided(id)).toEqual({ status: 'PENDING', comment: undefined });
        expect(await observation(page).inputValue()).toBe(`Décision ${run} ${id}`);
      }
      await status(page).click();
      await page.getByRole('option', { name: 'Validé', exact: true }).click();
      await page.getByRole('button', { name: 'Valider et suivant' }).click();
      await page.getByText(`Dix ${run} ${ids.indexOf(id)}`, { exact: true }).waitFor({ state: 'detached' });
    }
    for (const id of ids)
      expect(await decided(id)).toEqual({ status: 'VALIDATED', comment: `Décision ${run} ${id}{}VALIDATED{}manager` });
    // The request after the tenth opens undecided too.
    await expect.poll(() => status(page).inputValue()).toBe('');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('says when the queue is empty and goes back to the list view', async () => {
    const [id] = (await pendingCardOrders(1)) as [number];
    const { context, page } = await browser.signedIn('manager');
    const view = '?sort=createdAt,desc&page=1';
    await page.goto(`/entity/card-order/view/manager/${id}/edit${view}`);
    await observation(page).waitFor();
    await page.getByRole('combobox', { name: 'Statut de la demande' }).click();
    await page.getByRole('option', { name: 'Rejeté', exact: true }).click();
    await observation(page).fill(`Dernier ${run}`);
    // Every other pending request of the view is open elsewhere: the queue has nothing left for this user.
    const desk = await apiToken('responsabledesk');
    const token = await apiToken('manager');
    const pending = (await api('GET', '/core/api/card-orders?orderStatus.in=PENDING,INPROGRESS&size=1000', token))
      .body as Array<{ id: number }>;
    const others = pending.map((row) => row.id).filter((other) => other !== id);
    for (const other of others) await api('PUT', `/core/api/presence/card-orders/${other}`, desk);
    try {
      await page.getByRole('button', { name: 'Valider et suivant' }).click();
      await page.getByText('Plus aucune demande à traiter dans cette liste.').waitFor();
      await expect.poll(() => heading(page).textContent()).toBe('Liste des demandes de cartes');
      expect(page.url()).toContain('sort=createdAt,desc');
    } finally {
      for (const other of others) await api('DELETE', `/core/api/presence/card-orders/${other}`, desk);
    }
    expect((await decided(id)).status).toBe('REJECTED');
    await context.close();
  });
});

describe('keyboard', () => {
  it('processes three card orders without the mouse, the decision chosen on each', async () => {
    const ids = await pendingCardOrders(3, 'Clavier');
    const { context, page, consoleErrors } = await browser.signedIn('manager');
    await page.addInitScript(countUserActions);
    await page.goto(`/entity/card-order/view/manager/${ids[2]}/edit${NEWEST_FIRST}`);
    const focused = (field: ReturnType<typeof status>) =>
      field.evaluate((element) => element === document.activeElement);
    // Newest first: the last one made opens first.
    for (const index of [2, 1, 0]) {
      const id = ids[index]!;
      const holder = page.getByText(`Clavier ${run} ${index}`, { exact: true });
      await cardOrderForm(page, id);
      await holder.waitFor();
      if (index === 2) await takeUserActions(page);
      // The decision: the status is one Shift+Tab before the observation, its options open and move with
      // the arrows.
      await page.keyboard.press('Shift+Tab');
      await expect.poll(() => focused(status(page))).toBe(true);
      await page.keyboard.press('ArrowDown');
      const validated = page.getByRole('option', { name: 'Validé', exact: true });
      await validated.waitFor();
      for (let moves = 0; (await validated.getAttribute('data-combobox-selected')) === null; moves++) {
        expect(moves).toBeLessThan(5);
        await page.keyboard.press('ArrowDown');
      }
      await page.keyboard.press('Enter');
      await expect.poll(() => status(page).inputValue()).toBe('Validé');
      await page.keyboard.press('Tab');
      await expect.poll(() => focused(observation(page))).toBe(true);
      await page.keyboard.type(`Au clavier ${run} ${id}`);
      await page.keyboard.press('Control+Enter');
      // Saved, and on to the next request of the view.
      await holder.waitFor({ state: 'detached' });
      await expect.poll(async () => (await decided(id)).status).toBe('VALIDATED');
      const actions = await takeUserActions(page);
      expect(actions, `request ${3 - index}`).toMatchObject({ clicks: 0, typed: 1 });
    }

    for (const id of ids) expect((await decided(id)).comment).toBe(`Au clavier ${run} ${id}{}VALIDATED{}manager`);
    // The next request's form is ready for typing, with no status chosen.
    await expect.poll(() => focused(observation(page))).toBe(true);
    expect(await status(page).inputValue()).toBe('');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('history beside the decision', () => {
  it("shows a card order's history, newest first, and where a four-eyes transfer stands", async () => {
    const [id] = (await pendingCardOrders(1)) as [number];
    const token = await apiToken('manager');
    const row = (await api('GET', `/core/api/card-orders/${id}`, token)).body as { version: number };
    for (const [version, comment] of [
      [row.version, `Pièce demandée ${run}`],
      [row.version + 1, `Pièce reçue ${run}`],
    ] as const) {
      const saved = await api('PUT', `/core/api/card-orders/${id}`, token, {
        id,
        version,
        orderStatus: 'PENDING',
        comment,
      });
      expect(saved.status).toBe(200);
    }

    const { context, page } = await browser.signedIn('responsabledesk', `/entity/card-order/view/manager/${id}/edit`);
    const history = page.getByRole('region', { name: 'Historique de la demande' });
    const rows = history.getByRole('row');
    await rows.filter({ hasText: `Pièce demandée ${run}` }).waitFor();
    expect(await rows.nth(1).getByRole('cell').allTextContents()).toEqual([
      `Pièce reçue ${run}`,
      'En attente',
      expect.stringMatching(/^\d\d\/\d\d\/\d\d \d\d:\d\d$/),
      'manager',
    ]);
    expect(await rows.nth(2).getByRole('cell').first().textContent()).toBe(`Pièce demandée ${run}`);
    await screenshot(page, 'decision-history');

    // A large transfer validated once by the manager: 1/2 in the history of the desk head's form.
    const transfer = await fileTransfer(2_500_000);
    const first = await api('PUT', `/core/api/transfers/${transfer.id}`, token, {
      id: transfer.id,
      version: transfer.version,
      demandStatus: 'VALIDATED',
      comment: `Premier contrôle ${run}`,
    });
    expect(first.status).toBe(200);
    await page.goto(`/entity/transfer/view/manager/${transfer.id}/edit`);
    await history.getByText(`Premier contrôle ${run}`).waitFor();
    expect(await history.getByTestId('approval-progress').textContent()).toBe('1/2 — validé par manager');
    // The history's newest entry, that first validation, says so, not « En attente ».
    expect(await history.locator('[data-status]').first().textContent()).toBe('1re validation 1/2');
    await context.close();
  });

  it('reads a rejected checkbook order « Rejeté » in red in its history, as in its list', async () => {
    const token = await apiToken('manager');
    const open = (
      await api('GET', '/core/api/checkbook-orders/demandStatusChequier/IN_PROGRESS?size=50&sort=id,desc', token)
    ).body as Array<{ id: number; version: number; demandStatus: string; filedBy: string | null }>;
    // The oldest of the page: the newest, filed online, are left to the test below.
    const row = open.filter((candidate) => candidate.filedBy !== 'manager').at(-1)!;
    const rejected = await api('PUT', `/core/api/checkbook-orders/${row.id}`, token, {
      id: row.id,
      version: row.version,
      demandStatus: 'REJECTED',
      comment: `Signature absente ${run}`,
    });
    expect(rejected.status).toBe(200);

    const { context, page } = await browser.signedIn('manager', `/entity/check-orderlog/story/${row.id}/modal`);
    const entry = page
      .getByRole('dialog')
      .getByRole('row')
      .filter({ hasText: `Signature absente ${run}` });
    const badge = entry.locator('[data-status]');
    await badge.waitFor();
    expect(await badge.textContent()).toBe('Rejeté');
    // Red: the red channel well above the others.
    const [r, g, b] = (await badge.evaluate((element) => getComputedStyle(element).backgroundColor))
      .match(/\d+/g)!
      .map(Number) as [number, number, number];
    expect(r, `rgb(${r}, ${g}, ${b})`).toBeGreaterThan(Math.max(g, b) + 80);
    await screenshot(page, 'history-rejected');
    await context.close();
  });
});

describe('someone else saved it', () => {
  it('warns a form open in a second browser when the first saves, and reloads it on demand', async () => {
    const token = await apiToken('responsabledesk');
    const open = (
      await api('GET', '/core/api/checkbook-orders/demandStatusChequier/IN_PROGRESS?size=20&sort=id,desc', token)
    ).body as Array<{ id: number; filedBy: string | null }>;
    // One the customer filed online: either of the two may decide it.
    const id = open.find((row) => row.filedBy === null)!.id;
    const manager = await browser.signedIn('manager');
    const desk = await browser.signedIn('responsabledesk');
    for (const { page } of [manager, desk]) {
      await page.goto(`/entity/checkbook-order/view/manager/${id}/edit`);
      await observation(page).waitFor();
    }
    await desk.page.getByTestId('presence-notice').waitFor();
    await observation(desk.page).fill(`Mon avis ${run}`);

    await manager.page.getByRole('combobox', { name: 'Statut de la demande' }).click();
    await manager.page.getByRole('option', { name: 'Terminé', exact: true }).click();
    await observation(manager.page).fill(`Remis en agence ${run}`);
    await manager.page.getByRole('button', { name: 'Valider', exact: true }).click();
    await manager.page.getByText('La demande a été mise à jour.').first().waitFor();

    // Before the desk head submits: told who saved it, in their form.
    const warning = desk.page.getByTestId('saved-elsewhere');
    await warning.waitFor();
    expect(await warning.textContent()).toContain("Cette demande vient d'être enregistrée par manager.");
    await screenshot(desk.page, 'decision-saved-elsewhere');
    await warning.getByRole('button', { name: 'Recharger' }).click();
    await warning.waitFor({ state: 'detached' });
    // Reloaded: the request is now finished, its history shows the manager's decision.
    await desk.page.getByTestId('read-only-reason').waitFor();
    await desk.page
      .getByRole('region', { name: 'Historique de la demande' })
      .getByText(`Remis en agence ${run}`)
      .waitFor();
    await manager.context.close();
    await desk.context.close();
  });
});
