// The generic entity screens in a real browser, as the manager: full create → search → sort → edit →
// detail → delete cycles on Branch, Pack (with a picture and services) and CardOrder (an enum and a
// card type chosen through the searchable select), infinite scroll, then every entity's list and form.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { can, ENTITIES } from '@bank/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fr from '../packages/web/public/i18n/fr.json';
import { FILER, navigate, screenshot, suiteBrowser } from './support';

const names = fr.entities as Record<string, { name: string; plural: string }>;
/** Unique per run: the demo data may hold anything, our rows are found by this. */
const run = `${Date.now() % 1_000_000}`;

const browser = suiteBrowser();

const signedIn = (path?: string) => browser.signedIn('manager', path);
const MANAGER = ['ROLE_MANAGER'];

/** A real PNG (solid colour), so that the server's magic-byte check accepts it. */
function writePng(width: number, height: number, rgb: [number, number, number]): string {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bank-e2e-png-')), 'picture.png');
  fs.writeFileSync(
    file,
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', header),
      chunk('IDAT', pixels),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
  return file;
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const toast = (page: Page, text: string | RegExp) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

/** Saves the form and returns to the list; the toast names the entity and its new id. */
async function save(page: Page, route: string, toastText: RegExp): Promise<number> {
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  // The list writes its page and order into the address once there (spec part 1 §2.3).
  await page.waitForURL((url) => url.pathname === `/entity/${route}`);
  const message = toast(page, toastText).last();
  await message.waitFor();
  return Number(/n° (\d+)/.exec((await message.textContent()) ?? '')![1]);
}

/** The select offers only what its search found (the debounced answer has come). */
async function optionsAllMatch(page: Page, pattern: RegExp): Promise<boolean> {
  const texts = await page.getByRole('option').allTextContents();
  return texts.length > 0 && texts.every((text) => pattern.test(text));
}

/** Searches the list for a row that exists, and waits until the list shows only rows with the text: the
 * address changes before the list behind it re-renders, and a row's links are stale until then. */
async function searchFor(page: Page, text: string): Promise<void> {
  await page.getByRole('search').getByRole('textbox').fill(text);
  await page.getByRole('button', { name: 'Rechercher', exact: true }).click();
  const rows = page.getByTestId('entity-table').locator('tbody tr');
  await expect
    .poll(async () => {
      const texts = await rows.allTextContents();
      return texts.length > 0 && texts.every((row) => row.includes(text));
    })
    .toBe(true);
  expect(new URL(page.url()).searchParams.get('search')).toBe(text);
}

async function deleteRow(page: Page, id: number, entityName: string, toastText: RegExp): Promise<void> {
  await page.getByRole('link', { name: `Supprimer ${id}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirmer la suppression' });
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain(`${entityName} n° ${id}`);
  await dialog.getByRole('button', { name: 'Supprimer' }).click();
  await toast(page, toastText).waitFor();
  await dialog.waitFor({ state: 'detached' });
  await page.getByTestId('entity-empty').waitFor();
}

describe('generic entity screens', () => {
  it('Branch: create with validation, search, sort, edit, detail, cancel and confirm delete', async () => {
    const name = `Agence E2E ${run}`;
    const { context, page, consoleErrors } = await signedIn('/entity/branch');
    await expect.poll(() => heading(page).textContent()).toBe('Branches');
    await page.getByRole('link', { name: 'Créer' }).click();
    await page.waitForURL(/\/entity\/branch\/new(\?.*)?$/);
    await expect.poll(() => heading(page).textContent()).toBe('Créer : Branche');
    await page.getByLabel('Code').fill(`E${run}`);
    await page.getByLabel('Nom').fill(name);
    await page.getByLabel('Longitude').fill('-17,4467');
    await page.getByLabel('Latitude').fill('quatorze');
    await page.getByLabel('Adresse').fill('Avenue Cheikh Anta Diop, Dakar');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Ce champ doit être un nombre.').waitFor();
    expect(page.url()).toContain('/entity/branch/new');
    await page.getByLabel('Latitude').fill('14.6928');
    await screenshot(page, 'entity-branch-form');
    const id = await save(page, 'branch', /^Branche créée \(n° \d+\)$/);

    await searchFor(page, name);
    const rows = page.getByTestId('entity-table').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('-17.4467');
    // What the user sees is the column header's state: wait for it, not for the address.
    const nameHeader = page.getByRole('columnheader', { name: /Nom/ });
    await page.getByRole('button', { name: 'Trier par Nom' }).click();
    await expect.poll(() => nameHeader.getAttribute('aria-sort')).toBe('ascending');
    await page.getByRole('button', { name: 'Trier par Nom' }).click();
    await expect.poll(() => nameHeader.getAttribute('aria-sort')).toBe('descending');
    expect(new URL(page.url()).searchParams.get('sort')).toBe('name,desc');
    await screenshot(page, 'entity-branch-list');

    await page.getByRole('link', { name: `Modifier ${id}` }).click();
    await page.waitForURL(`**/entity/branch/${id}/edit`);
    // The page is drawn before its record has arrived: wait for the record the user sees, not the address.
    const idInput = page.getByLabel('ID', { exact: true });
    await expect.poll(() => idInput.inputValue()).toBe(String(id));
    expect(await idInput.getAttribute('readonly')).not.toBeNull();
    await expect.poll(() => page.getByLabel('Nom').inputValue()).toBe(name);
    await page.getByLabel('Adresse').fill('Rue Carnot, Plateau, Dakar');
    await save(page, 'branch', new RegExp(`^Branche modifiée \\(n° ${id}\\)$`));

    await page.goto(`/entity/branch/${id}`);
    await expect.poll(() => heading(page).textContent()).toBe(`Branche n° ${id}`);
    await page.getByText('Rue Carnot, Plateau, Dakar').waitFor();
    await screenshot(page, 'entity-branch-detail');
    await page.getByRole('link', { name: 'Retour' }).click();
    await page.waitForURL((url) => url.pathname === '/entity/branch');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'id,asc' && url.searchParams.get('page') === '1');

    await searchFor(page, name);
    await page.getByRole('link', { name: `Supprimer ${id}` }).click();
    await page.getByRole('dialog', { name: 'Confirmer la suppression' }).waitFor();
    await screenshot(page, 'entity-branch-delete');
    await page.getByRole('button', { name: 'Annuler' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(name);
    await deleteRow(page, id, 'Branche', new RegExp(`^Branche supprimée \\(n° ${id}\\)$`));
    await page.getByRole('button', { name: 'Effacer' }).click();
    await page.waitForURL((url) => !url.searchParams.has('search'));
    await page.getByTestId('entity-table').waitFor();
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('Pack: required fields, a picture upload, services, then edit, detail and delete', async () => {
    const label = `Pack E2E ${run}`;
    const { context, page, consoleErrors } = await signedIn('/entity/pack/new');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expect.poll(() => page.getByText('Ce champ est obligatoire.').count()).toBe(2);
    await page.getByLabel('Libellé').fill(label);
    await page.getByLabel('Prix').fill('2 500');
    await page.locator('input[type=file]').setInputFiles(writePng(48, 32, [30, 110, 200]));
    await page.getByTestId('image-preview').waitFor();
    expect(await page.getByTestId('image-preview').evaluate((img) => (img as HTMLImageElement).height)).toBe(100);
    // Picks the first service until it shows as chosen (a pill): on a slow machine the open list has
    // closed under the click as the form rendered again. Never clicks a chosen option (that unchooses it).
    const services = page.getByRole('combobox', { name: 'Services' });
    const chosen = page.locator('.mantine-MultiSelect-pill');
    await vi.waitFor(
      async () => {
        if ((await chosen.count()) === 0) {
          if (!(await page.getByRole('listbox').isVisible())) await services.click();
          await page.getByRole('option').first().click({ timeout: 5_000 });
        }
        expect(await chosen.count()).toBe(1);
      },
      { timeout: 30_000, interval: 500 },
    );
    await page.keyboard.press('Escape');
    await screenshot(page, 'entity-pack-form');
    const id = await save(page, 'pack', /^Pack créé \(n° \d+\)$/);

    await searchFor(page, label);
    const row = page.getByTestId('entity-table').locator('tbody tr').first();
    await expect.poll(() => row.textContent()).toContain('2 500 XOF');
    const thumbnail = row.getByRole('img', { name: 'Image' });
    expect(await thumbnail.evaluate((img) => (img as HTMLImageElement).height)).toBe(30);
    await screenshot(page, 'entity-pack-list');

    await page.getByRole('link', { name: `Modifier ${id}` }).click();
    await page.getByTestId('image-preview').waitFor();
    await page.getByLabel('Description').fill('Pack de test de bout en bout');
    await save(page, 'pack', new RegExp(`^Pack modifié \\(n° ${id}\\)$`));
    await page.goto(`/entity/pack/${id}`);
    await page.getByText('Pack de test de bout en bout').waitFor();
    await page.getByTestId('entity-detail').getByRole('img', { name: 'Image' }).waitFor();
    await screenshot(page, 'entity-pack-detail');

    await page.goto(`/entity/pack?search=${encodeURIComponent(label)}&page=1`);
    await deleteRow(page, id, 'Pack', new RegExp(`^Pack supprimé \\(n° ${id}\\)$`));
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  it('CardOrder: an enum and a card type picked through the searchable select', async () => {
    const holder = `Porteur E2E ${run}`;
    // Filed by a data-entry agent: the manager, who decides it below, may not decide what they filed.
    const filer = await browser.signedIn(FILER, '/entity/card-order/new');
    await filer.page.getByLabel('Nom du porteur').fill(holder);
    // A new order awaits its decision: the status is the server's, not asked on creation.
    expect(await filer.page.getByRole('combobox', { name: 'Statut de la demande' }).count()).toBe(0);
    const cardType = filer.page.getByRole('combobox', { name: 'Type de carte' });
    await cardType.click();
    await cardType.fill('visa');
    await expect.poll(() => optionsAllMatch(filer.page, /visa/i)).toBe(true);
    const chosen = filer.page.getByRole('option').first();
    const chosenText = (await chosen.textContent())!;
    expect(chosenText).toMatch(/^#\d+ · /);
    await chosen.click();
    expect(await cardType.inputValue()).toBe(chosenText);
    await screenshot(filer.page, 'entity-card-order-form');
    const id = await save(filer.page, 'card-order', /^Demande de carte créée \(n° \d+\)$/);
    expect(filer.consoleErrors).toEqual([]);
    await filer.context.close();

    const { context, page, consoleErrors } = await signedIn('/entity/card-order');
    await searchFor(page, holder);
    const row = page.getByTestId('entity-table').locator('tbody tr').first();
    await expect.poll(() => row.textContent()).toContain('En cours');
    const cardTypeId = chosenText.slice(1, chosenText.indexOf(' '));
    await row.getByRole('link', { name: cardTypeId, exact: true }).waitFor();

    // Once filed, the order's facts are read-only; a staff decision changes its status and needs a comment.
    await page.getByRole('link', { name: `Modifier ${id}` }).click();
    const edited = page.getByRole('combobox', { name: 'Type de carte' });
    await expect.poll(() => edited.inputValue()).toBe(chosenText);
    expect(await edited.isDisabled()).toBe(true);
    await page.getByRole('combobox', { name: 'Statut de la demande' }).click();
    await page.getByRole('option', { name: 'Validé' }).click();
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Ce champ est obligatoire.').waitFor();
    await page.getByLabel('Commentaire').fill('Carte validée en agence');
    await save(page, 'card-order', new RegExp(`^Demande de carte modifiée \\(n° ${id}\\)$`));
    await page.goto(`/entity/card-order/${id}`);
    await page.getByTestId('entity-detail').getByRole('cell', { name: 'Validé', exact: true }).waitFor();
    await page.getByRole('link', { name: chosenText }).waitFor();
    await screenshot(page, 'entity-card-order-detail');

    // The decision closed the order: it can no longer be deleted, and the user is told why.
    await page.goto(`/entity/card-order?search=${encodeURIComponent(holder)}&page=1`);
    await page.getByRole('link', { name: `Supprimer ${id}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
    await toast(page, 'clôturée').waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('entity-table').locator('tbody tr').count()).toBe(1);

    // An order without history is deleted.
    await page.goto('/entity/card-order/new');
    await page.getByLabel('Nom du porteur').fill(`${holder} bis`);
    const second = await save(page, 'card-order', /^Demande de carte créée \(n° \d+\)$/);
    await searchFor(page, `${holder} bis`);
    await deleteRow(page, second, 'Demande de carte', new RegExp(`^Demande de carte supprimée \\(n° ${second}\\)$`));
    // Only the two refusals this journey provokes on purpose reach the console.
    expect(consoleErrors.filter((e) => !/status of (400|409)/.test(e))).toEqual([]);
    expect(consoleErrors).toHaveLength(2);
    await context.close();
  });

  it('pages keep page and sort in the address and show at most five page buttons', async () => {
    const { context, page } = await signedIn('/entity/client');
    await page.getByTestId('entity-table').waitFor();
    await page.getByRole('button', { name: 'Page 3' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '3');
    await expect.poll(() => page.getByTestId('entity-count').textContent()).toMatch(/^Éléments 41 à 60 sur /);
    await page.getByRole('button', { name: 'Dernière page' }).click();
    await expect.poll(() => page.getByRole('button', { name: /^Page \d+$/ }).count()).toBeLessThanOrEqual(5);
    await page.reload();
    await page.getByTestId('entity-table').waitFor();
    expect(await page.locator('[aria-current="page"]').textContent()).toBe(
      new URL(page.url()).searchParams.get('page'),
    );
    await context.close();
  });

  it('an infinite list loads its next page when scrolled to the bottom', async () => {
    const { context, page } = await signedIn('/entity/otp-registry');
    const rows = page.getByTestId('entity-table').locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(20);
    expect(await page.getByRole('button', { name: 'Page 2' }).count()).toBe(0);
    // Scrolls again on every look, as a user does when the loader has not appeared yet under load.
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 20_000);
        return rows.count();
      })
      .toBeGreaterThanOrEqual(40);
    await context.close();
  });

  it('an unknown entity shows the not-found page', async () => {
    const { context, page } = await signedIn('/entity/no-such-entity');
    await expect.poll(() => heading(page).textContent()).toBe('Non trouvé');
    await context.close();
  });
});

/**
 * Bases whose list or create form is a staff screen of its own (spec part 2 §2.6, §2.9, §2.14, §2.15):
 * the heading it shows instead of the generic one, and the create form's save button.
 */
const STAFF_SCREENS: Record<string, { list?: string; create?: string; save?: string }> = {
  'client-subscription': { list: 'Demandes de création de compte' },
  'subs-request': { list: 'Demandes de souscription', create: 'Nouvelle demande de souscription', save: 'Valider' },
  'beneficiary-cash': { list: 'Bénéficiaires de mise à disposition' },
  'provision-cash': { list: 'Liste des mises à disposition' },
};

// One signed-in page goes from list to form to the next list through the router, as the side menu's links do.
describe('every entity of the registry', () => {
  let session: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    session = await signedIn();
  });
  afterAll(() => session?.context.close());

  it.each(ENTITIES.map((entity) => [entity.route, entity] as const))(
    '%s: the list and the create form open without a console error',
    async (route, entity) => {
      const { page, consoleErrors } = session;
      consoleErrors.length = 0;
      const staff = STAFF_SCREENS[route] ?? {};
      await navigate(page, `/entity/${route}`);
      if (!can(MANAGER, 'read', entity.name)) {
        // Security records (sign-in attempts) are the administrator's: the page says so, and shows nothing.
        await page.getByTestId('not-authorized').waitFor();
        expect(await page.locator('table').count()).toBe(0);
        expect(consoleErrors).toEqual([]);
        return;
      }
      await expect.poll(() => heading(page).textContent()).toBe(staff.list ?? names[entity.name]!.plural);
      // A staff list shows its own table of demo rows (…-table); a generic one its table or its empty state.
      const list = staff.list
        ? '[data-testid$="-table"]'
        : '[data-testid="entity-table"], [data-testid="entity-empty"]';
      await page.locator(list).first().waitFor();
      await navigate(page, `/entity/${route}/new`);
      if (can(MANAGER, 'create', entity.name)) {
        await expect
          .poll(() => heading(page).textContent())
          .toBe(staff.create ?? `Créer : ${names[entity.name]!.name}`);
        await page.getByRole('button', { name: staff.save ?? 'Enregistrer' }).waitFor();
      } else {
        // History and security records are written by the server only: no form, the page says why.
        await page.getByTestId('not-authorized').waitFor();
        expect(await page.getByRole('button', { name: 'Enregistrer' }).count()).toBe(0);
      }
      expect(consoleErrors).toEqual([]);
    },
  );
});
