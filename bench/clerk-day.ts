/// <reference lib="dom" />
// `npm run bench:clerk [-- --no-build]`: the review of a clerk's day (issue 38) played again in headless
// Chromium against the built server on a fresh embedded database with the demo data: six tasks, each
// counted in clicks, key presses (not the keys that type text) and seconds from its first action to what
// the user sees at its end (a row, a heading, a toast), and checked through the API. Prints a Markdown
// table beside the review's figures and writes it under bench/results/.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeHistoryComment } from '@bank/domain';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, newFrenchContext } from '../e2e/chromium';
import { countUserActions, takeUserActions, type UserActions } from '../e2e/user-actions';
import { readSheet } from '../e2e/xlsx';
import { apiCall, signInToken } from './api';
import { markdownTable } from './markdown';
import { buildAll, root, withDemoServer, type DemoServer } from './processes';

/** The demo login that files the requests decided here: it decides none (maker is not checker). */
const FILER = 'agentsaisie';
/** Over the four-eyes threshold of the default configuration (1 000 000 XOF). */
const LARGE = 1_500_000;
const run = Date.now() % 1_000_000;
/** A toast, a download or a server start on a loaded 2-core machine. */
const SLOW = { timeout: 120_000 };

interface Measured extends UserActions {
  task: string;
  seconds: number;
  before: string;
}

type Filed = Record<string, unknown> & { id: number };

const observation = (page: Page) => page.getByRole('textbox', { name: 'Observation' });
const status = (page: Page) => page.getByRole('combobox', { name: 'Statut de la demande' });
const banner = (page: Page) => page.getByRole('status').filter({ hasText: 'Connexion perdue' });
const saved = (page: Page) => page.getByText('La demande a été mise à jour.').first();
const inboxRow = (page: Page, id: number) =>
  page.locator(`[data-testid="inbox-table"] tbody tr[data-entity="transfer"][data-id="${id}"]`);

async function chooseValidated(page: Page): Promise<void> {
  await status(page).click();
  await page.getByRole('option', { name: 'Validé', exact: true }).click();
}

/** What the user did during `work`, and how long it took. */
async function measure(page: Page, work: () => Promise<void>): Promise<UserActions & { seconds: number }> {
  await takeUserActions(page);
  const started = performance.now();
  await work();
  return { ...(await takeUserActions(page)), seconds: (performance.now() - started) / 1000 };
}

function clerkDay(base: string, server: DemoServer, browser: Browser) {
  // One sign-in per login for the whole day: a sign-in per call would meet the sign-in rate limit.
  const tokens = new Map<string, Promise<string>>();
  const tokenOf = (login: string) => {
    if (!tokens.has(login)) tokens.set(login, signInToken(base, login));
    return tokens.get(login)!;
  };
  const call = async <T>(login: string, method: string, url: string, body?: unknown, expected?: number) =>
    apiCall<T>(base, await tokenOf(login), method, url, body, expected);
  /** A request's history comments, newest first. */
  const story = async (logs: string, id: number) =>
    (await call<Array<{ comment: string }>>('manager', 'POST', `/core/api/${logs}/story/${id}`)).map((row) =>
      decodeHistoryComment(row.comment),
    );
  const fileCardOrder = (holderName: string) =>
    call<Filed>(FILER, 'POST', '/core/api/card-orders', { holderName, orderStatus: 'PENDING' }, 201);

  /** Pending transfers of `amount` filed by the filer, on the open account of the demo with the most available. */
  async function fileTransfers(count: number, amount: number): Promise<Filed[]> {
    const accounts = await call<Array<{ id: number; bankAccountStatus: string; availableAmount: string }>>(
      'manager',
      'GET',
      '/core/api/bank-accounts?size=20&sort=availableAmount,desc',
    );
    const account = accounts.find(
      (a) => a.bankAccountStatus !== 'CLOSED' && Number(a.availableAmount) >= count * amount,
    );
    if (!account) throw new Error(`no open account of the demo can give ${count * amount} XOF`);
    const filed: Filed[] = [];
    for (let i = 0; i < count; i++)
      filed.push(
        await call<Filed>(
          FILER,
          'POST',
          '/core/api/transfers',
          { amount: String(amount), bankAccountId: account.id, demandStatus: 'PENDING' },
          201,
        ),
      );
    return filed;
  }

  async function signedIn(login: string, url: string): Promise<Page> {
    const context = await newFrenchContext(browser, base, { width: 1366, height: 768 }, await tokenOf(login));
    await context.addInitScript(countUserActions);
    const page = await context.newPage();
    page.setDefaultTimeout(SLOW.timeout);
    await page.goto(url);
    return page;
  }

  return {
    /** (a) The server stops as the manager validates with an observation typed, and starts again. */
    async serverRestart(): Promise<Measured> {
      const { id } = await fileCardOrder(`Coupure ${run}`);
      const page = await signedIn('manager', `/entity/card-order/view/manager/${id}/edit`);
      await observation(page).waitFor();
      const typed = `Carte remise en agence ${run}`;
      await takeUserActions(page);
      const started = performance.now();
      await chooseValidated(page);
      await observation(page).fill(typed);
      await server.stop();
      await page.getByRole('button', { name: 'Valider', exact: true }).click();
      await banner(page).waitFor();
      if ((await observation(page).inputValue()) !== typed) throw new Error('(a) the typed observation was lost');
      const done = await takeUserActions(page);
      await server.start();
      const back = performance.now();
      await saved(page).waitFor(SLOW);
      const afterBack = (performance.now() - back) / 1000;
      await banner(page).waitFor({ state: 'detached' });
      // What the user did once the server was back: nothing, the decision went on its own.
      const redone = await takeUserActions(page);
      const seconds = (performance.now() - started) / 1000;
      const history = await story('card-orderlogs', id);
      if (history.length !== 1 || history[0]!.observation !== typed || history[0]!.status !== 'VALIDATED')
        throw new Error(`(a) the decision was not saved once: ${JSON.stringify(history)}`);
      await page.context().close();
      return {
        clicks: done.clicks + redone.clicks,
        keys: done.keys + redone.keys,
        typed: done.typed + redone.typed,
        seconds,
        task: `(a) server stopped during a decision (status chosen, observation typed, « Valider »), started again: the page, the observation and a « Connexion perdue » banner stay, the decision is saved once (1 history row); redone after the restart: ${redone.clicks} clicks, ${redone.keys} keys, ${redone.typed} fields (seconds include the server's restart; the toast came ${afterBack.toFixed(1)} s after the server answered again)`,
        before:
          'With the server stopped, pressing « Valider » empties the whole page […], the typed observation is gone, and the page stays blank after the server is back until a manual reload.',
      };
    },

    /** (b) Ten pending card orders validated one after the other with « Valider et suivant ». */
    async validateAndNext(): Promise<Measured> {
      const holder = (i: number) => `Dix ${run} ${i}`;
      const ids: number[] = [];
      for (let i = 0; i < 10; i++) ids.push((await fileCardOrder(holder(i))).id);
      // As the list's link opens it, newest first: the last one filed opens first.
      const page = await signedIn('manager', `/entity/card-order/view/manager/${ids[9]}/edit?sort=createdAt,desc`);
      await observation(page).waitFor();
      const measured = await measure(page, async () => {
        for (let i = 9; i >= 0; i--) {
          await page.getByText(holder(i), { exact: true }).waitFor();
          if ((await status(page).inputValue()) !== '') throw new Error(`(b) card order ${ids[i]} opened decided`);
          await observation(page).fill(`Carte validée ${run} ${i}`);
          if (i === 8) {
            // One Ctrl+Enter too many, no decision chosen: the form asks for one and saves nothing.
            await page.keyboard.press('Control+Enter');
            await page.getByRole('alert').filter({ hasText: 'Choisissez une décision' }).waitFor();
            if ((await story('card-orderlogs', ids[i]!)).length !== 0) throw new Error('(b) Ctrl+Enter decided');
          }
          await chooseValidated(page);
          await page.getByRole('button', { name: 'Valider et suivant' }).click();
          await page.getByText(holder(i), { exact: true }).waitFor({ state: 'detached' });
        }
      });
      for (const [i, id] of ids.entries()) {
        const history = await story('card-orderlogs', id);
        if (history.length !== 1 || history[0]!.observation !== `Carte validée ${run} ${i}`)
          throw new Error(`(b) card order ${id}: ${JSON.stringify(history)}`);
      }
      await page.context().close();
      return {
        ...measured,
        task: '(b) ten pending card orders validated with « Valider et suivant », each opened with no decision chosen; one Ctrl+Enter with none chosen asked for one and saved nothing',
        before:
          '« Valider et suivant » carries the chosen status to the next request […]. One Ctrl+Enter too many validates the wrong request. (A card order took 0 clicks, 1 typed field and Ctrl+Enter after the first.)',
      };
    },

    /** (c) The manager finds the second validations (four eyes) from the home page. */
    async secondValidations(): Promise<Measured> {
      const filed = await fileTransfers(3, LARGE);
      for (const transfer of filed) {
        const first = await call<{ demandStatus: string }>(
          'responsabledesk',
          'PUT',
          `/core/api/transfers/${transfer.id}`,
          {
            ...transfer,
            demandStatus: 'VALIDATED',
            comment: `Première validation ${run}`,
          },
        );
        if (first.demandStatus !== 'PENDING') throw new Error('(c) a first validation decided the transfer');
      }
      const page = await signedIn('manager', '/');
      const second = page.locator('[data-testid="to-decide-second"]:not([data-count="0"])');
      await second.waitFor();
      const home = Number(await second.getAttribute('data-count'));
      const measured = await measure(page, async () => {
        await second.click();
        await page.getByRole('heading', { level: 1, name: 'À décider' }).waitFor();
        for (const transfer of filed) await inboxRow(page, transfer.id).getByTestId('second-validation').waitFor();
      });
      // Every one: the home page's figure is the inbox's total, and each row listed is a second validation.
      const listed = Number((await page.getByTestId('inbox-count').textContent())!.replace(/\D/g, ''));
      const rows = await page.locator('[data-testid="inbox-table"] tbody tr').count();
      if (home !== listed || (await page.getByTestId('second-validation').count()) !== rows)
        throw new Error(`(c) the home page counts ${home} second validations, the inbox ${listed}`);
      await page.context().close();
      return {
        ...measured,
        task: `(c) the manager finds every second validation (four eyes) from the home page: « À décider », ${home} second validations, the same figure as the inbox's total`,
        before:
          'Second validations are hidden: not counted on the home page or in the menu; « Virements » has no count though 844 wait. There is no single inbox of what awaits my decision across types.',
      };
    },

    /** (d) Every pending transfer exported from the list in one click. */
    async exportPending(): Promise<Measured> {
      const page = await signedIn('manager', '/entity/transfer/view/manager?status=PENDING');
      await page.locator('[data-testid="request-table"] tbody tr').first().waitFor();
      const total = Number((await page.getByTestId('request-count').textContent())!.replace(/\D/g, ''));
      let rows = 0;
      const measured = await measure(page, async () => {
        const [download] = await Promise.all([
          page.waitForEvent('download', SLOW),
          page.getByRole('button', { name: 'Exporter', exact: true }).click(),
        ]);
        await page.getByText(/^Export enregistré : « .+\.xlsx »/).waitFor();
        const { cells } = readSheet(fs.readFileSync((await download.path())!));
        rows = [...cells.keys()].filter((ref) => /^A\d+$/.test(ref) && ref !== 'A1').length;
      });
      if (rows !== total) throw new Error(`(d) the file holds ${rows} rows, the list ${total}`);
      await page.context().close();
      return {
        ...measured,
        task: `(d) all pending transfers exported from the list filtered on « En attente »: ${rows} rows in the xlsx, the list's total`,
        before: 'A month-end extract of 843 pending transfers takes 86 clicks; no other list exports.',
      };
    },

    /** (e) The first request of a list reached and opened by keyboard. */
    async keyboardToFirstRow(): Promise<Measured> {
      const page = await signedIn('manager', '/entity/card-order/view/manager');
      const first = page.locator('[data-testid="request-table"] tbody tr').first();
      await first.waitFor();
      const id = await first.getAttribute('data-row-id');
      let tabs = 0;
      const measured = await measure(page, async () => {
        const active = () => page.evaluate(() => document.activeElement?.textContent);
        while ((await active()) !== 'Aller à la liste') {
          if (++tabs > 40) throw new Error('(e) no skip link to the list within 40 Tab presses');
          await page.keyboard.press('Tab');
        }
        await page.keyboard.press('Enter');
        await page.waitForFunction(() => document.activeElement instanceof HTMLTableRowElement);
        await page.keyboard.press('Enter');
        await page.waitForURL((url) => url.pathname === `/entity/card-order/view/manager/${id}/edit`);
        await page.getByRole('heading', { level: 1, name: 'Modification de carte' }).waitFor();
      });
      await page.context().close();
      return {
        ...measured,
        task: `(e) the first request of the card orders list reached by keyboard and opened: ${tabs} Tab presses to the skip link « Aller à la liste », Enter to the first row, Enter opens it`,
        before: '36 Tab presses to reach the first « Modifier », no row navigation.',
      };
    },

    /** (f) Three requests rejected at once from the inbox, one observation for all. */
    async bulkRejection(): Promise<Measured> {
      // An amount nothing else files: the inbox's amount filter finds these three.
      const amount = 7_000 + (run % 900);
      const filed = await fileTransfers(3, amount);
      const page = await signedIn('manager', `/work/inbox?type=transfer&minAmount=${amount}&maxAmount=${amount}`);
      for (const transfer of filed) await inboxRow(page, transfer.id).waitFor();
      const text = `Rejet groupé ${run}`;
      const measured = await measure(page, async () => {
        for (const transfer of filed) await inboxRow(page, transfer.id).getByRole('checkbox').click();
        await page.getByRole('textbox', { name: 'Observation pour toutes' }).fill(text);
        await page.getByRole('button', { name: 'Rejeter la sélection' }).click();
        await page
          .getByRole('dialog', { name: 'Confirmer la décision groupée' })
          .getByRole('button', { name: 'Rejeter 3 demande(s)' })
          .click();
        await page.getByTestId('bulk-results').getByText('3 faite(s), 0 refusée(s)', { exact: false }).waitFor();
      });
      for (const transfer of filed) {
        const history = await story('transfer-logs', transfer.id);
        if (history.length !== 1 || history[0]!.status !== 'REJECTED' || history[0]!.observation !== text)
          throw new Error(`(f) transfer ${transfer.id}: ${JSON.stringify(history)}`);
      }
      await page.context().close();
      return {
        ...measured,
        task: '(f) three transfers rejected at once from « À décider » (ticked, one observation, confirmed): three history rows, one each',
        before: 'No bulk decisions.',
      };
    },
  };
}

if (!process.argv.includes('--no-build')) buildAll();
const results = await withDemoServer('clerk', async (base, server) => {
  const browser = await launchChromium();
  try {
    const day = clerkDay(base, server, browser);
    const measured: Measured[] = [];
    for (const task of [
      day.serverRestart,
      day.validateAndNext,
      day.secondValidations,
      day.exportPending,
      day.keyboardToFirstRow,
      day.bulkRejection,
    ])
      measured.push(await task());
    return measured;
  } finally {
    await browser.close();
  }
});

const stamp = new Date().toISOString();
const report = [
  `A clerk's day (issue 38), ${stamp.slice(0, 16)} UTC, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(1)}`,
  '',
  markdownTable(
    ['task', 'clicks', 'keys', 'typed fields', 'seconds', 'the review, before'],
    results.map((r) => [r.task, r.clicks, r.keys, r.typed, r.seconds.toFixed(1), r.before]),
  ),
  '',
  "Keys: key presses other than the characters typed (Tab, Enter, Ctrl+Enter…). Seconds: from the first action to what the user sees at the end (toast, heading, row), the app's waits only, not a person's reading or typing.",
].join('\n');
console.log(`\n${report}`);
const dir = path.join(root, 'bench/results');
fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(dir, `clerk-day-${stamp.replace(/[:.]/g, '-')}.md`), `${report}\n`);
