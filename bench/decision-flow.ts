/// <reference lib="dom" />
// `npm run bench:decision [-- --flow list|next|both] [--no-build]`: how fast a manager processes ten
// pending card orders in headless Chromium, scripted as a user would click, on a fresh embedded
// database with the demo data. `list`: from the list, Modifier, the status, the observation, Valider,
// back to the list (the flow before "Valider et suivant"); `next`: the first from the list, then
// "Valider et suivant" from form to form. Prints clicks, key presses and typed fields per request and
// the seconds each request took (the app's waits, not a person's reading or typing).
import os from 'node:os';
import type { Page } from 'playwright-core';
import { launchChromium, newFrenchContext } from '../e2e/chromium';
import { countUserActions, takeUserActions, type UserActions } from '../e2e/user-actions';
import { signInToken } from './api';
import { markdownTable } from './markdown';
import { buildAll, withDemoServer } from './processes';

type Flow = 'list' | 'next';
const REQUESTS = 10;
const LIST = '/entity/card-order/view/manager';
const args = process.argv.slice(2);
const flowArg = args[args.indexOf('--flow') + 1];
const flows: Flow[] = args.includes('--flow') && flowArg !== 'both' ? [flowArg as Flow] : ['list', 'next'];

interface Step extends UserActions {
  ms: number;
}

/** Ten fresh pending card orders, so that every flow has the same work on page 1 of the original list. */
async function createPending(base: string, token: string, flow: Flow): Promise<void> {
  for (let i = 0; i < REQUESTS; i++) {
    const response = await fetch(`${base}/core/api/card-orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ holderName: `Mesure ${flow} ${i}`, orderStatus: 'PENDING' }),
    });
    if (response.status !== 201) throw new Error(`card order not created: ${response.status}`);
  }
}

const formReady = async (page: Page) => {
  await page.getByRole('heading', { level: 1, name: 'Modification de carte' }).waitFor();
  await page.getByRole('textbox', { name: 'Observation' }).waitFor();
};

/** On the list: the first pending row, paging on as a user would; opens its form. */
async function openFirstPending(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Liste des demandes de cartes' }).waitFor();
  const table = page.getByTestId('request-table');
  for (;;) {
    await table.locator('tbody tr').first().waitFor();
    const row = table.locator('tbody tr').filter({ has: page.locator('[data-status="PENDING"]') });
    if ((await row.count()) > 0) {
      await row.first().getByRole('link', { name: 'Modifier' }).click();
      return formReady(page);
    }
    const first = await table.locator('tbody tr').first().getAttribute('data-row-id');
    await page.getByRole('button', { name: /suivante|next/i }).click();
    await table.locator(`tbody tr[data-row-id="${first}"]`).waitFor({ state: 'detached' });
  }
}

async function decide(page: Page, text: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Statut de la demande' }).click();
  await page.getByRole('option', { name: 'Validé', exact: true }).click();
  await page.getByRole('textbox', { name: 'Observation' }).fill(text);
}

async function measure(page: Page, flow: Flow): Promise<Step[]> {
  const steps: Step[] = [];
  await page.goto(LIST);
  await takeUserActions(page);
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    if (flow === 'list' || i === 0) await openFirstPending(page);
    const url = page.url();
    await decide(page, `Mesure ${flow} ${i}`);
    if (flow === 'list') {
      await page.getByRole('button', { name: 'Valider', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Liste des demandes de cartes' }).waitFor();
      await page.getByTestId('request-table').locator('tbody tr').first().waitFor();
    } else {
      await page.getByRole('button', { name: 'Valider et suivant' }).click();
      await page.waitForURL((next) => next.toString() !== url);
      await formReady(page);
    }
    steps.push({ ...(await takeUserActions(page)), ms: performance.now() - started });
  }
  return steps;
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

if (!args.includes('--no-build')) buildAll();
const results: Array<{ flow: Flow; steps: Step[] }> = [];
await withDemoServer('decision', async (base) => {
  const browser = await launchChromium();
  try {
    for (const flow of flows) {
      const token = await signInToken(base, 'manager');
      await createPending(base, token, flow);
      const context = await newFrenchContext(browser, base, { width: 1366, height: 800 }, token);
      await context.addInitScript(countUserActions);
      results.push({ flow, steps: await measure(await context.newPage(), flow) });
      await context.close();
    }
  } finally {
    await browser.close();
  }
});

console.log(
  `\nTen pending card orders processed by the manager, ${new Date().toISOString().slice(0, 16)} UTC, load average ${os.loadavg()[0]!.toFixed(1)}\n`,
);
console.log(
  markdownTable(
    [
      'flow',
      'clicks, 1st',
      'clicks per request, 2nd on',
      'key presses',
      'typed fields per request',
      'seconds per request',
      'seconds, 2nd on',
    ],
    results.map(({ flow, steps }) => {
      const later = steps.slice(1);
      return [
        flow === 'list' ? 'list → Modifier → Valider → list' : 'Valider et suivant',
        steps[0]!.clicks,
        `${mean(later.map((s) => s.clicks)).toFixed(1)} (max ${Math.max(...later.map((s) => s.clicks))})`,
        steps.reduce((sum, s) => sum + s.keys, 0),
        Math.max(...steps.map((s) => s.typed)),
        (mean(steps.map((s) => s.ms)) / 1000).toFixed(2),
        (mean(later.map((s) => s.ms)) / 1000).toFixed(2),
      ];
    }),
  ),
);
