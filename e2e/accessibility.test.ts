// WCAG 2.2 AA, checked by axe-core in Chromium on the pages staff use: every link of every role's menu,
// the account and admin pages, generic list, detail and form of several entities, every staff decision
// form, the client file, the header's client search and notifications bell, a filer's « Mes saisies »
// home, and the signed-out pages. A violation of any impact
// fails the suite.
// A11Y_SURVEY=1 prints the count per page instead of failing (how the "before" figures were taken).
import { DEMO_ACCOUNTS, ENTITIES, WORKFLOWS, entityByName } from '@bank/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sideMenuFor } from '../packages/web/src/app/side-menu';
import { api, apiToken, axe, fileCardOrder, signIn, suiteBrowser } from './support';

const browser = suiteBrowser();
const survey = process.env.A11Y_SURVEY === '1';
const found: { page: string; violations: number; nodes: number; rules: string }[] = [];

afterAll(() => {
  if (survey) console.table(found);
});

/** Waits for the page's heading and for its data (no loader left), then runs axe on the whole page. */
async function check(page: Page, name: string): Promise<void> {
  await page.locator('h1, [role="dialog"]').first().waitFor();
  await expect.poll(() => page.locator('[role="status"]:has(.mantine-Loader), [aria-busy="true"]').count()).toBe(0);
  const { violations } = await axe(page).analyze();
  const nodes = violations.reduce((sum, v) => sum + v.nodes.length, 0);
  found.push({
    page: name,
    violations: violations.length,
    nodes,
    rules: violations.map((v) => `${v.id}(${v.nodes.length})`).join(' '),
  });
  // Soft: one run lists every page's violations, not only the first page's.
  if (!survey)
    expect
      .soft(
        violations.map((v) => ({ rule: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) })),
        name,
      )
      .toEqual([]);
}

/** The first row's id of an API list, or null when it has none. */
async function firstId(token: string, path: string): Promise<number | null> {
  const { body } = await api('GET', `${path}${path.includes('?') ? '&' : '?'}size=1&sort=id,asc`, token);
  return (body as { id: number }[])[0]?.id ?? null;
}

/**
 * One signed-in page per describe block, opened once: each page checked is then its own test, short
 * enough for a loaded machine, and a failure names the page.
 */
function signedInPage(login: string) {
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  beforeAll(async () => {
    ({ context, page } = await browser.open());
    await signIn(page, login);
  });
  afterAll(() => context?.close());
  return () => {
    if (!page) throw new Error('the page opens in beforeAll');
    return page;
  };
}

/** Opens `path` (unless the page is on it already) and checks it. */
async function visit(page: Page, path: string, name: string): Promise<void> {
  if (new URL(page.url()).pathname !== path) await page.goto(path);
  await check(page, name);
}

describe('signed out', () => {
  it.each(['/login', '/register', '/reset/request'])('%s', async (path) => {
    const { context, page } = await browser.open();
    await page.goto(path);
    await check(page, path);
    await context.close();
  });
});

// Every link of every staff role's side menu, each address once (by the first role whose menu has it:
// the same screen differs by role in its buttons only), and the home and account pages.
const STAFF = DEMO_ACCOUNTS.filter((account) => !account.authorities.includes('ROLE_ADMIN'));
const seen = new Set<string>();
const MENU_PAGES = STAFF.map((account) => {
  const links = sideMenuFor(account.authorities)!.sections.flatMap((section) => section.links.map((link) => link.to));
  const paths = ['/', ...links, '/account/password', '/account/security'].filter((path) => !seen.has(path));
  for (const path of paths) seen.add(path);
  return [account.login, paths] as const;
}).filter(([, paths]) => paths.length > 0);

describe.each(MENU_PAGES)('%s, menu pages', (login, paths) => {
  const page = signedInPage(login);
  it.each(paths)('%s', async (path) => visit(page(), path, `${login} ${path}`));
});

/** The first row's id of every list the manager's pages below need, asked once. */
function firstIds(names: readonly string[]) {
  const ids = new Map<string, number | null>();
  beforeAll(async () => {
    const token = await apiToken('manager');
    for (const name of names) ids.set(name, await firstId(token, entityByName(name).path));
  });
  return (name: string) => ids.get(name) ?? null;
}

describe('manager, decision forms, client file and print pages', () => {
  const page = signedInPage('manager');
  const id = firstIds([
    ...WORKFLOWS.map((workflow) => workflow.entity),
    'client',
    'bankAccount',
    'transaction',
    'provisionCash',
  ]);
  it.each(WORKFLOWS.map((workflow) => entityByName(workflow.entity)))('decision $route', async (entity) => {
    const requestId = id(entity.name);
    if (requestId === null) return;
    await visit(page(), `/entity/${entity.route}/view/manager/${requestId}/edit`, `decision ${entity.route}`);
  });
  // The client file, an account's modals over it, the request history modal, and the print pages.
  const pages: [name: string, path: () => string][] = [
    ['client file', () => `/entity/bank-account/view/manager/client/${id('client')}`],
    [
      'transactions modal',
      () => `/entity/bank-account/view/manager/client/bankAccount/transaction/${id('bankAccount')}`,
    ],
    ['transfers modal', () => `/entity/transfer/view/manager/client/bankAccount/transfers/${id('bankAccount')}`],
    [
      'transaction transfer modal',
      () => `/entity/transfer/view/manager/client/bankAccount/transaction/${id('transaction')}`,
    ],
    ['card order modal', () => `/entity/card-order/view/${id('cardOrder')}/modal`],
    ['transfer detail modal', () => `/entity/transfer/view/manager/client/bankAccount/detail/${id('transfer')}`],
    [
      'transaction detail modal',
      () => `/entity/transaction/view/manager/client/bankAccount/transaction/${id('transaction')}`,
    ],
    ['provision print page', () => `/entity/provision-cash/${id('provisionCash')}/print`],
    ['account settings', () => '/account/settings'],
  ];
  it.each(pages)('%s', async (name, path) => visit(page(), path(), `manager ${name}`));
  it('client search, open on its matches', async () => {
    const clientId = id('client');
    await visit(page(), `/entity/bank-account/view/manager/client/${clientId}`, 'manager client file');
    const { clientCode } = (await api('GET', `${entityByName('client').path}/${clientId}`, await apiToken('manager')))
      .body as { clientCode: string };
    await page().keyboard.press('Control+k');
    const search = page().getByRole('dialog', { name: 'Rechercher un client' });
    await search.getByRole('combobox').fill(clientCode);
    await search.getByRole('option').first().waitFor();
    await check(page(), 'client search');
    await page().keyboard.press('Escape');
    await search.waitFor({ state: 'detached' });
  });
});

// Issue 38: the home of those who file requests (« Mes saisies »), and the notifications bell open.
describe('agent de saisie, « Mes saisies » and the notifications bell', () => {
  const page = signedInPage('agentsaisie');
  // The demo data's requests the clerk filed are all still open: one of the clerk's own, rejected, so that
  // the bell has a notification to show.
  beforeAll(async () => {
    const order = await fileCardOrder();
    const rejected = await api('PUT', `/core/api/card-orders/${order.id}`, await apiToken('manager'), {
      ...order,
      orderStatus: 'REJECTED',
      comment: 'Pièce manquante',
    });
    expect(rejected.status).toBe(200);
  });
  it('home « Mes saisies »', async () => {
    await page().reload();
    await page().getByTestId('my-filed').waitFor();
    await visit(page(), '/', 'agentsaisie home « Mes saisies »');
  });
  it('notifications bell, open', async () => {
    await page().getByTestId('notification-bell').click();
    await page().getByRole('menu').waitFor();
    // Once the menu has finished opening: its items shown.
    await page().getByRole('menuitem').first().waitFor();
    await check(page(), 'agentsaisie notifications bell');
    await page().keyboard.press('Escape');
    await page().getByRole('menu').waitFor({ state: 'detached' });
  });
});

describe('manager, generic list, detail and form of six entities', () => {
  const page = signedInPage('manager');
  const NAMES = ['branch', 'bankAccount', 'client', 'cardType', 'loan', 'transactionType'];
  const id = firstIds(NAMES);
  const pages = NAMES.map((name) => ENTITIES.find((e) => e.name === name)!).flatMap((entity) => [
    [`list ${entity.route}`, () => `/entity/${entity.route}`] as const,
    [`detail ${entity.route}`, () => `/entity/${entity.route}/${id(entity.name)}`] as const,
    [`form ${entity.route}`, () => `/entity/${entity.route}/${id(entity.name)}/edit`] as const,
  ]);
  it.each(pages)('%s', async (name, path) => visit(page(), path(), name));
});

describe('the connection lost', () => {
  it('banner over a signed-in page', async () => {
    const { context, page } = await browser.signedIn('manager', '/entity/card-order/view/manager');
    await page.locator('tbody tr').first().waitFor();
    await context.setOffline(true);
    await page.getByRole('status').filter({ hasText: 'Connexion perdue' }).waitFor();
    await check(page, 'connection lost banner');
    await context.close();
  });
});

describe('admin pages', () => {
  const page = signedInPage('admin');
  it.each([
    '/admin/user-management',
    '/admin/user-management/manager',
    '/admin/user-management/manager/edit',
    '/admin/user-management/new',
    '/admin/health',
    '/admin/metrics',
    '/admin/configuration',
    '/admin/audits',
    '/admin/access-log',
    '/admin/ledger',
    '/admin/logs',
    '/admin/list/users',
    '/account/settings',
    '/account/security',
  ])('%s', async (path) => visit(page(), path, `admin ${path}`));
});
