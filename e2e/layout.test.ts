// Layouts that fit every screen staff use: a laptop (1366×768), a wide screen (1920×1080), a tablet in
// portrait (768×1024) and a phone (390×844). No sideways scrolling of the page or of a table's frame (a
// wide generic list may scroll inside its frame when its actions column stays in view), every action
// button inside the window, and on the tablet and the phone the side menu behind the header's button.
// The administrator's pages fit too, and below 992 px the header's buttons show their icon alone.
// Screenshots: e2e/artifacts/layout-<screen>-<width>.png, layout-admin-<page>-<width>.png,
// layout-admin-header-<width>.png.
import { entityByName } from '@bank/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiToken, axe, fileCardOrder, screenshot, signIn, suiteBrowser } from './support';

const browser = suiteBrowser();
const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
];
const run = `${Date.now() % 1_000_000}`;

/**
 * What does not fit: the page or a box around a table wider than shown (unless the table keeps its
 * actions column in view, sticky), and action buttons cut by the window or by a box that clips them.
 */
async function overflows(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.scrollingElement!;
    if (root.scrollWidth > root.clientWidth) found.push(`page ${root.scrollWidth} > ${root.clientWidth}`);
    const describe = (box: Element) => `${box.tagName.toLowerCase()}.${String(box.className).split(' ').join('.')}`;
    for (const table of Array.from(document.querySelectorAll('table'))) {
      // A chart's figures for screen readers: clipped to nothing on purpose.
      if (table.closest('.mantine-VisuallyHidden-root')) continue;
      const actions = table.querySelector('tbody tr td:last-child');
      const sticky = actions !== null && getComputedStyle(actions).position === 'sticky';
      for (let box = table.parentElement; box && box !== document.body; box = box.parentElement) {
        if (box.scrollWidth > box.clientWidth + 1 && !sticky)
          found.push(`${describe(box)} ${box.scrollWidth} > ${box.clientWidth}`);
      }
    }
    const buttons = document.querySelectorAll('td:last-child a, td:last-child button, form button');
    for (const button of Array.from(buttons)) {
      const { left, right } = button.getBoundingClientRect();
      const name = `"${button.textContent || button.getAttribute('aria-label')}"`;
      if (left < 0 || right > window.innerWidth) found.push(`${name} at ${Math.round(left)}–${Math.round(right)}`);
      for (let box = button.parentElement; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX === 'visible') continue;
        const frame = box.getBoundingClientRect();
        if (left < frame.left - 1 || right > frame.right + 1) found.push(`${name} cut by ${describe(box)}`);
      }
    }
    return found;
  });
}

/**
 * One manager token for the file's API calls: every sign-in opens a session, and a login keeps only the newest
 * five (SESSIONS_PER_USER), which must leave the signed-in page of the fit checks its own.
 */
let managerToken: Promise<string> | undefined;
const managerApi = () => (managerToken ??= apiToken('manager'));

/** The first row's id of an API list, as the manager sees it. */
async function firstId(path: string): Promise<number> {
  const { body } = await api('GET', `${path}?size=1&sort=id,asc`, await managerApi());
  return (body as { id: number }[])[0]!.id;
}

const rows = (testId: string) => `[data-testid="${testId}"] tbody tr`;
/** The request the clerk's home shows, filed once for every size. */
let clerkRequest: Promise<unknown> | undefined;
const SCREENS = [
  {
    name: 'transfers',
    login: 'manager',
    path: async () => '/entity/transfer/view/manager',
    ready: rows('request-table'),
  },
  {
    name: 'card-decision',
    login: 'manager',
    path: async () => `/entity/card-order/view/manager/${await firstId(entityByName('cardOrder').path)}/edit`,
    ready: 'form',
  },
  {
    name: 'client-file',
    login: 'manager',
    path: async () => `/entity/bank-account/view/manager/client/${await firstId(entityByName('client').path)}`,
    ready: rows('client-accounts'),
  },
  { name: 'user-management', login: 'admin', path: async () => '/admin/user-management', ready: rows('user-table') },
  {
    name: 'cash-beneficiaries',
    login: 'manager',
    path: async () => '/entity/beneficiary-cash/view/manager',
    ready: rows('request-table'),
  },
  // The widest generic list: eighteen columns.
  { name: 'bank-accounts', login: 'manager', path: async () => '/entity/bank-account', ready: rows('entity-table') },
  // A clerk's home, « Mes saisies » (issue 38), with one request of theirs at least.
  {
    name: 'filed-home',
    login: 'agentsaisie',
    path: async () => {
      await (clerkRequest ??= fileCardOrder());
      return '/';
    },
    ready: rows('my-filed-table'),
  },
];

/**
 * One signed-in page per login for the fit checks, opened at its first use and resized by each check: a
 * screen is loaded anew at every size, the sign-in is not (the journeys below sign in at their size).
 */
const signedInPages = new Map<string, Promise<{ close: () => Promise<void>; page: Page }>>();
function signedInPage(login: string): Promise<Page> {
  if (!signedInPages.has(login))
    signedInPages.set(
      login,
      browser.open().then(async ({ context, page }) => {
        await signIn(page, login);
        return { close: () => context.close(), page };
      }),
    );
  return signedInPages.get(login)!.then(({ page }) => page);
}
afterAll(async () => {
  for (const opened of signedInPages.values()) await (await opened).close();
});

describe.each(VIEWPORTS)('at $width × $height', (viewport) => {
  it.each(SCREENS)('$name fits', async (screen) => {
    const page = await signedInPage(screen.login);
    await page.setViewportSize(viewport);
    await page.goto(await screen.path());
    await page.locator('h1').first().waitFor();
    await page.locator(screen.ready).first().waitFor();
    await screenshot(page, `layout-${screen.name}-${viewport.width}`);
    expect(await overflows(page)).toEqual([]);
  });
});

/** The administrator's pages with a table, each shown once its heading and first row are. */
const ADMIN_SCREENS = [
  {
    name: 'online-users',
    path: '/admin/list/users',
    heading: 'Comptes de banque en ligne',
    ready: rows('online-users'),
  },
  { name: 'audits', path: '/admin/audits', heading: 'Audits', ready: rows('audits-table') },
  {
    name: 'access-log',
    path: '/admin/access-log',
    heading: 'Journal des accès aux données clients',
    ready: rows('access-log-table'),
  },
  { name: 'metrics', path: '/admin/metrics', heading: "Métriques de l'application", ready: rows('metrics-http') },
  { name: 'logs', path: '/admin/logs', heading: 'Niveaux de journalisation', ready: rows('logs-table') },
  { name: 'gateway', path: '/admin/gateway', heading: 'Passerelle', ready: rows('gateway-table') },
  { name: 'health', path: '/admin/health', heading: 'Santé', ready: rows('health-table') },
  { name: 'security', path: '/account/security', heading: 'Sécurité du compte', ready: rows('sessions-table') },
];

describe('admin pages', () => {
  beforeAll(async () => {
    // A client file read, so that the access log has a row to show whatever ran before.
    const client = entityByName('client');
    const read = await api('GET', `${client.path}/${await firstId(client.path)}`, await managerApi());
    expect(read.status).toBe(200);
  });

  it.each(VIEWPORTS)('fit at $width × $height', async (viewport) => {
    const page = await signedInPage('admin');
    await page.setViewportSize(viewport);
    const found: Record<string, string[]> = {};
    for (const screen of ADMIN_SCREENS) {
      await page.goto(screen.path);
      await page.getByRole('heading', { level: 1, name: screen.heading }).waitFor();
      await page.locator(screen.ready).first().waitFor();
      await screenshot(page, `layout-admin-${screen.name}-${viewport.width}`);
      found[screen.name] = await overflows(page);
    }
    expect(found).toEqual(Object.fromEntries(ADMIN_SCREENS.map((screen) => [screen.name, []])));
  });
});

/**
 * What the header shows: anything past its edges or over its neighbour, its buttons' names and visible text,
 * and the title's box.
 */
async function headerLayout(page: Page) {
  return page.evaluate(() => {
    const bar = document.querySelector('header')!;
    const outside: string[] = [];
    if (bar.scrollWidth > bar.clientWidth) outside.push(`header ${bar.scrollWidth} > ${bar.clientWidth}`);
    for (const element of Array.from(bar.querySelectorAll<HTMLElement>('a, button, p, span, kbd'))) {
      const { left, right, width } = element.getBoundingClientRect();
      if (width > 0 && (left < -1 || right > window.innerWidth + 1))
        outside.push(
          `${element.tagName.toLowerCase()} "${element.innerText}" at ${Math.round(left)}–${Math.round(right)}`,
        );
    }
    // Side by side, never over each other: the menu button, the logo, the title, the ribbon, the menus.
    const pieces = Array.from(
      bar.querySelectorAll<HTMLElement>(
        '[data-testid="menu-button"], a > svg, a > p, [data-testid="ribbon"], nav button',
      ),
    )
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0)
      .sort((a, b) => a.box.left - b.box.left);
    pieces.slice(1).forEach(({ element, box }, index) => {
      const before = pieces[index]!;
      if (before.box.right > box.left + 1)
        outside.push(
          `${before.element.tagName.toLowerCase()} over ${element.tagName.toLowerCase()} "${element.innerText}"`,
        );
    });
    const nav = bar.querySelector('nav')!;
    const buttons = Array.from(nav.querySelectorAll<HTMLElement>('button')).map((button) => ({
      name: button.getAttribute('aria-label') ?? '',
      text: button.innerText.trim(),
    }));
    const title = bar.querySelector<HTMLElement>('a p');
    const shown = title !== null && title.getBoundingClientRect().width > 0;
    return {
      outside,
      buttons,
      title: shown
        ? {
            right: Math.round(title.getBoundingClientRect().right),
            navLeft: Math.round(nav.getBoundingClientRect().left),
            ellipsis: getComputedStyle(title).textOverflow === 'ellipsis',
          }
        : null,
    };
  });
}

describe.each([
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
])('the admin header at $width px', (viewport) => {
  it('shows its buttons as named icons, all in view, and cuts the title rather than the menus', async () => {
    const { context, page } = await browser.open();
    await page.setViewportSize(viewport);
    await signIn(page, 'admin');
    await page.getByRole('button', { name: 'Administration', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Compte', exact: true }).waitFor();
    await screenshot(page, `layout-admin-header-${viewport.width}`);
    const header = await headerLayout(page);
    expect(header.outside).toEqual([]);
    expect(header.buttons.length).toBeGreaterThanOrEqual(3);
    // Icons alone, each still named for a screen reader and a voice command.
    expect(header.buttons.filter((button) => button.name === '' || button.text !== '')).toEqual([]);
    if (viewport.width >= 576) {
      expect(header.title).not.toBeNull();
      expect(header.title!.ellipsis).toBe(true);
      expect(header.title!.right).toBeLessThanOrEqual(header.title!.navLeft);
    }
    expect(await overflows(page)).toEqual([]);
    await context.close();
  });
});

/** The header's side-menu button, and whether the menu it opens is shown. */
function sideMenu(page: Page) {
  const button = page.getByRole('button', { name: 'Menu de navigation' });
  // A link's name may end with its pending count.
  const link = (name: string) => page.getByTestId('side-menu').getByRole('link', { name: new RegExp(`^${name}`) });
  const expanded = async () => (await button.getAttribute('aria-expanded')) === 'true';
  return { button, link, expanded };
}

describe('on a tablet (768 × 1024)', () => {
  it('a manager opens the side menu, closes it, opens Chéquiers and validates a checkbook request', async () => {
    const { context, page, consoleErrors } = await browser.open();
    await page.setViewportSize({ width: 768, height: 1024 });
    await signIn(page, 'manager');
    const menu = sideMenu(page);
    const checkbooks = menu.link('Chéquiers');

    // Closed at first: the page has the whole width.
    await menu.button.waitFor();
    expect(await checkbooks.isVisible()).toBe(false);
    await menu.button.click();
    await checkbooks.waitFor();
    expect(await menu.expanded()).toBe(true);
    await screenshot(page, 'layout-menu-open-768');
    const { violations } = await axe(page).analyze();
    expect(violations.map((violation) => `${violation.id} ${violation.nodes[0]?.target}`)).toEqual([]);
    // Closed by its button, by Escape, and by a click beside it.
    await menu.button.click();
    await checkbooks.waitFor({ state: 'hidden' });
    expect(await menu.expanded()).toBe(false);
    await menu.button.click();
    await checkbooks.waitFor();
    await page.keyboard.press('Escape');
    await checkbooks.waitFor({ state: 'hidden' });
    await menu.button.click();
    await checkbooks.waitFor();
    await page.mouse.click(700, 600);
    await checkbooks.waitFor({ state: 'hidden' });

    // Following a link closes it too.
    await menu.button.click();
    await checkbooks.click();
    await page.getByRole('heading', { level: 1, name: 'Les demandes de chéquiers' }).waitFor();
    await checkbooks.waitFor({ state: 'hidden' });
    expect(await menu.expanded()).toBe(false);

    const row = page
      .locator('[data-testid="request-table"] tbody tr')
      .filter({ has: page.locator('[data-status="PENDING"]') })
      // The last: the live suite works on the first one at the same time.
      .last();
    await row.waitFor();
    const id = (await row.getAttribute('data-row-id'))!;
    await row.getByRole('link', { name: 'Action' }).click();
    await page.getByRole('heading', { level: 1, name: 'Modification de chéquiers' }).waitFor();
    await page.getByRole('combobox', { name: 'Statut de la demande' }).click();
    await page.getByRole('option', { name: 'Terminé', exact: true }).click();
    await page.getByRole('textbox', { name: 'Observation' }).fill(`Remis sur tablette ${run}`);
    await screenshot(page, 'layout-checkbook-decision-768');
    expect(await overflows(page)).toEqual([]);
    await page.getByRole('button', { name: 'Valider', exact: true }).click();
    await page.getByText('La demande a été mise à jour.').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Les demandes de chéquiers' }).waitFor();
    const saved = await api('GET', `${entityByName('checkbookOrder').path}/${id}`, await managerApi());
    expect((saved.body as { demandStatus: string }).demandStatus).toBe('DONE');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });
});

describe('on a phone (390 × 844)', () => {
  it('the side menu opens and closes, and the header keeps the language and account menus', async () => {
    const { context, page } = await browser.open();
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'manager');
    const menu = sideMenu(page);
    const transfers = menu.link('Virements');
    await menu.button.click();
    await transfers.waitFor();
    await screenshot(page, 'layout-menu-open-390');
    for (const testId of ['language-picker', 'account-menu']) {
      const box = (await page.getByTestId(testId).boundingBox())!;
      expect(box.x >= 0 && box.x + box.width <= 390, testId).toBe(true);
    }
    await menu.button.click();
    await transfers.waitFor({ state: 'hidden' });
    expect(await overflows(page)).toEqual([]);
    await context.close();
  });
});

/**
 * The open header menu as drawn: its list past the window's edges, the items in its visible part that another
 * element covers (at their middle; those scrolled out of a long list are reached by scrolling it), and
 * whether the focused item shows an outline.
 */
function openMenuDrawn() {
  const menu = document.querySelector('[role="menu"]')!;
  const { left, right, top, bottom } = menu.getBoundingClientRect();
  const covered = Array.from(menu.querySelectorAll('[role="menuitem"]'))
    .filter((item) => {
      const box = item.getBoundingClientRect();
      const middle = box.top + box.height / 2;
      if (middle < top || middle > bottom) return false;
      const drawn = document.elementFromPoint(box.left + box.width / 2, middle);
      return !drawn || !item.contains(drawn);
    })
    .map((item) => item.textContent);
  const focused = document.activeElement;
  return {
    outside: left < 0 || right > window.innerWidth || bottom > window.innerHeight,
    covered,
    outlined:
      focused?.getAttribute('role') === 'menuitem' &&
      menu.contains(focused) &&
      getComputedStyle(focused).outlineStyle !== 'none',
  };
}

/**
 * Focuses a header menu's button and opens it with Enter, once the focus is seen on it. Twice in CI under a
 * load of 8 the menu did not open after Enter (not reproduced in 12 rounds beside three busy loops; two
 * causes found and mended in LoadedMenu: a focus gap while the menu loaded, and a press arriving after the
 * menu was drawn closed): the key is pressed again, as a user whose press did nothing would, and said in
 * the log, so that a lost key stays visible without failing the layout checks this test is for.
 */
async function openByKeyboard(page: Page, testId: string) {
  const button = page.getByTestId(testId);
  for (let press = 1; ; press++) {
    await button.focus();
    await expect.poll(() => button.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    try {
      await page
        .getByRole('menuitem')
        .first()
        .waitFor({ timeout: press < 3 ? 10_000 : 30_000 });
      return;
    } catch (error) {
      if (press === 3) throw error;
      console.warn(`${testId}: Enter opened no menu within 10 s (press ${press}); pressed again`);
    }
  }
}

// The review of issue 38 looked at the header's menus open: the bell's long lines ran past a phone's edge.
describe.each([
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
])('the header menus open at $width px', (viewport) => {
  it('keep their list inside the window, above the page, the focused item outlined', async () => {
    // One of the clerk's requests decided, so that the bell lists a notification with its long line.
    const order = await fileCardOrder(`Menus ${run}`);
    const rejected = await api('PUT', `/core/api/card-orders/${order.id}`, await managerApi(), {
      ...order,
      orderStatus: 'REJECTED',
      comment: 'Pièce manquante',
    });
    expect(rejected.status).toBe(200);
    const { context, page } = await browser.open();
    await page.setViewportSize(viewport);
    await signIn(page, 'agentsaisie');
    await page.locator('[data-testid="notification-bell"]:not([data-unread="0"])').waitFor();
    for (const testId of ['notification-bell', 'account-menu']) {
      // By the keyboard, as the focus outline shows: Enter opens, the arrow moves to the second item.
      await openByKeyboard(page, testId);
      await page.keyboard.press('ArrowDown');
      // Polled: the list opens with a transition.
      await expect.poll(() => page.evaluate(openMenuDrawn)).toEqual({ outside: false, covered: [], outlined: true });
      await screenshot(page, `layout-${testId}-open-${viewport.width}`);
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });
    }
    await context.close();
  });
});
