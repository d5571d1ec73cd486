// Browser helpers: Debian's Chromium driven by playwright-core, one context per test, screenshots on demand.
import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import path from 'node:path';
import { TOKEN_STORAGE_KEY } from '@bank/domain';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { launchChromium } from './chromium';

export { readSheet } from './xlsx';

/** This worker's place in the servers global-setup.ts started, one per worker. */
function serverIndex(): number {
  const index = Number(process.env.VITEST_POOL_ID ?? 1) - 1;
  if (!(index < inject('baseURLs').length))
    throw new Error(`worker ${index + 1} has no server of its own: set the e2e project's maxWorkers`);
  return index;
}

export const baseURL = () => inject('baseURLs')[serverIndex()]!;

/**
 * axe-core on `page`, checking WCAG 2.2 AA and its best practices. Run in the page itself (legacy mode: the app
 * has no frames from another origin) and asked for violations only: the default, which runs in every frame and
 * then merges every pass in a new blank page, took 6-9 s a page against 1.3-2.2 s (2026-11-27, quiet machine),
 * most of the accessibility suite's time. The violations found are the same.
 */
export function axe(page: Page): AxeBuilder {
  return new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .setLegacyMode()
    .options({ resultTypes: ['violations'] });
}

/**
 * The link of the newest mail to `to` whose subject is `subject`, read from the server log as an
 * operator of the embedded default would (no MAIL_URL: mails go to the outbox table and the log).
 * Returned as a path of the app, whatever PUBLIC_URL says.
 */
export async function mailedLink(to: string, subject: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = fs
      .readFileSync(inject('serverLogs')[serverIndex()]!, 'utf8')
      .split('\n')
      .filter((line) => line.includes('mail kept in the outbox'))
      .map((line) => JSON.parse(line) as { to: string; subject: string; text: string })
      .filter((mail) => mail.to === to && mail.subject === subject);
    const link = mails.at(-1)?.text.match(/https?:\/\/\S+/)?.[0];
    if (link) {
      const url = new URL(link);
      return `${url.pathname}${url.search}`;
    }
    if (Date.now() > deadline) throw new Error(`no mail "${subject}" to ${to} in the server log`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A fresh context (empty storage) with console errors collected for the test to check. */
export async function openPage(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page; consoleErrors: string[] }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    locale: 'fr-FR',
    viewport: { width: 1366, height: 800 },
  });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  return { context, page, consoleErrors };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = path.resolve(import.meta.dirname, 'artifacts');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/**
 * Waits for a staff decision form that this user cannot act on: an open request shows its observation
 * disabled, a closed one shows it as text. Either way no decision button is offered, and a sentence says why.
 */
export async function readOnlyDecisionForm(page: Page): Promise<void> {
  const disabled = page.getByRole('textbox', { name: 'Observation', disabled: true });
  await disabled.or(page.getByTestId('observation-read-only')).waitFor();
  expect(await page.getByRole('button', { name: /^(Valider|Rejeter)$/ }).count()).toBe(0);
  // It says why, in one sentence, and marks nothing as required.
  expect(await page.getByTestId('read-only-reason').textContent()).toMatch(/clôturée|Seuls? le|Vous avez déposé/);
  expect(await page.locator('form [aria-required="true"], form [required]').count()).toBe(0);
}

/** One call to the server's API as a script would make it: the status and the parsed body (null if none). */
export async function api(method: string, path: string, token: string | null, body?: unknown) {
  const response = await fetch(`${baseURL()}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as unknown };
}

/** A token for `login` (demo password = login), signed in through the API. */
export async function apiToken(login: string, password = login): Promise<string> {
  const { status, body } = await api('POST', '/api/authenticate', null, { username: login, password });
  const token = (body as { id_token?: string } | null)?.id_token;
  if (status !== 200 || !token) throw new Error(`${login} could not sign in: ${status} ${JSON.stringify(body)}`);
  return token;
}

/** A bank account as the API sends it, with the figures the books keep. */
export interface AccountRow {
  id: number;
  bankAccountNumber: string;
  clientId: number;
  balance: string;
  blockedAmount: string;
  availableAmount: string;
  authorizedAmount: string | null;
}

/**
 * An open account of the demo data that can give `amount` XOF now (available plus authorised overdraft),
 * found by its state, never by a fixed id: among those with the most available.
 */
export async function accountWithFunds(amount: number): Promise<AccountRow> {
  const token = await apiToken('manager');
  const { body } = await api('GET', '/core/api/bank-accounts?size=50&sort=availableAmount,desc', token);
  const account = (body as (AccountRow & { bankAccountStatus: string })[]).find(
    (row) =>
      row.bankAccountStatus !== 'CLOSED' && Number(row.availableAmount) + Number(row.authorizedAmount ?? 0) >= amount,
  );
  if (!account) throw new Error(`no open account of the demo data can give ${amount} XOF`);
  return account;
}

/** The demo login that files requests in the journeys: it decides none (maker is not checker), so anyone may. */
export const FILER = 'agentsaisie';

/** Files a pending transfer of `amount` XOF through the API as the filer, on an account that can give it. */
export async function fileTransfer(amount: number): Promise<Record<string, unknown> & { id: number; version: number }> {
  const account = await accountWithFunds(amount);
  const created = await api('POST', '/core/api/transfers', await apiToken(FILER), {
    amount: String(amount),
    bankAccountId: account.id,
    demandStatus: 'PENDING',
  });
  if (created.status !== 201)
    throw new Error(`the transfer was not filed: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body as Record<string, unknown> & { id: number; version: number };
}

/** Files a pending card order through the API as the filer. */
export async function fileCardOrder(
  holderName = 'Awa Diop',
): Promise<Record<string, unknown> & { id: number; version: number }> {
  const created = await api('POST', '/core/api/card-orders', await apiToken(FILER), {
    holderName,
    orderStatus: 'PENDING',
  });
  if (created.status !== 201)
    throw new Error(`the card order was not filed: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body as Record<string, unknown> & { id: number; version: number };
}

/** Fills and sends the sign-in form of the page already on /login (waits for nothing). */
export async function submitSignIn(page: Page, login: string, password = login): Promise<void> {
  await page.getByLabel("Nom d'utilisateur").fill(login);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** Signs `page` in through the sign-in form and waits for the home page. */
export async function signInThroughForm(page: Page, login: string, password = login): Promise<void> {
  await page.goto('/login');
  await submitSignIn(page, login, password);
  await page.getByTestId('home-welcome').waitFor();
}

/**
 * Signs `page` in as the form would leave it: a token from api/authenticate (a session of its own), kept where
 * the web app keeps it (sessionStorage), then opens `path` (the home page unless told) and waits for the
 * signed-in header. For journeys about something else: the form's page and its sign-in cost more than a second
 * of the browser's CPU each, and sign-in.test.ts covers the form. A journey that starts on another page opens it
 * here rather than after the home page, whose charts are the dearest page a head of the desk loads.
 */
export async function signIn(page: Page, login: string, path = '/'): Promise<void> {
  const token = await apiToken(login);
  // Put there before the app's first script runs, once: a later sign-out must stay signed out.
  await page.addInitScript(
    ([key, value]) => {
      if (sessionStorage.getItem('e2e.signedIn')) return;
      sessionStorage.setItem('e2e.signedIn', 'yes');
      sessionStorage.setItem(key, value);
    },
    [TOKEN_STORAGE_KEY, token] as const,
  );
  await page.goto(path);
  await page.getByTestId(path === '/' ? 'home-welcome' : 'account-menu').waitFor();
}

/**
 * Goes to `path` as a link of the app does: through the router, without loading the app again. A full load
 * (`page.goto`) costs the browser about three times the CPU (1.2 s against 0.4 s a page, 2026-11-27); the
 * suites that walk through every page of a kind use this, the journeys that open an address keep `goto`.
 */
export async function navigate(page: Page, path: string): Promise<void> {
  const shown = await page.evaluate((to) => {
    const before = document.getElementById('main')?.dataset.path;
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
    return before;
  }, path);
  if (shown === undefined) throw new Error('navigate() moves between signed-in pages (#main[data-path])');
  // The router renders after the address changes: until then the previous page (its notice, its heading)
  // shows. Not the path asked for itself: a page may send on to another (a request list to its queue).
  await page.locator(`#main:not([data-path="${shown}"])`).waitFor();
}

/** A fresh context signed in as `login` (demo password = login), on `path` (the home page unless told). */
export async function signedIn(
  browser: Browser,
  login: string,
  path = '/',
): Promise<{ context: BrowserContext; page: Page; consoleErrors: string[] }> {
  const opened = await openPage(browser);
  // A missing element fails with its locator before the test's own time-out; long enough for a lazy
  // page or modal on a machine loaded many times over (one took 15 s under a load average of 24 on 2 cores).
  opened.page.setDefaultTimeout(30_000);
  await signIn(opened.page, login, path);
  return opened;
}

/** The suite's browser: launched before its tests, closed after them; each test opens its own context. */
export function suiteBrowser() {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());
  const current = () => {
    if (!browser) throw new Error('the suite browser starts in beforeAll');
    return browser;
  };
  return {
    open: () => openPage(current()),
    signedIn: (login: string, path?: string) => signedIn(current(), login, path),
  };
}
