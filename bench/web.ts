/// <reference lib="dom" />
// `npm run bench:web`: builds the web app, starts the server on a fresh embedded database with the demo
// data, and measures in headless Chromium what each route group loads (JS and CSS, gzip bytes) and how
// long a manager list takes from navigation to its first rows painted. Prints Markdown tables with every
// budget marked met or not and writes them, with the JSON, under bench/results/. BENCH_RUNS (default 5).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, newFrenchContext } from '../e2e/chromium';
import { signInToken } from './api';
import { markdownTable } from './markdown';
import { buildAll, root, withDemoServer } from './processes';

const runs = Number(process.env.BENCH_RUNS ?? 5);
/** kB as Vite reports them (1000 bytes). */
const KB = 1000;
const BUDGET = { loginJs: 120 * KB, managerListTotal: 250 * KB, firstRowsMs: 1000 };
/** An asset still arriving this long after the page showed its content is counted; none after it. */
const QUIET_MS = 700;

interface Group {
  name: string;
  path: string;
  /** Signed in as this demo login (password = login), or signed out. */
  login?: string;
  /** What shows once the page has its content. */
  ready: string;
}

const MANAGER_LIST: Group = {
  name: 'manager list',
  path: '/entity/card-order/view/manager',
  login: 'manager',
  ready: '[data-testid="request-table"] tbody tr',
};

const GROUPS: Group[] = [
  { name: 'login', path: '/login', ready: 'form[aria-labelledby="login-title"] button[type="submit"]' },
  { name: 'shell', path: '/', login: 'manager', ready: '[data-testid="home-welcome"]' },
  { name: 'generic list', path: '/entity/branch', login: 'manager', ready: '[data-testid="entity-table"] tbody tr' },
  MANAGER_LIST,
  { name: 'admin', path: '/admin/user-management', login: 'admin', ready: '[data-testid="user-table"] tbody tr' },
];

interface Asset {
  url: string;
  type: 'js' | 'css';
  bytes: number;
  gzip: number;
  /** Body bytes as the server sent them, and the encoding it used (none: identity). */
  sent: number;
  encoding: string;
}

interface GroupResult {
  name: string;
  path: string;
  login: string | null;
  assets: Asset[];
  js: number;
  css: number;
  sent: number;
}

interface PaintResult {
  cache: 'cold' | 'warm';
  runs: number[];
  median: number;
  firstContentfulPaint: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const sum = (assets: Asset[], key: 'gzip' | 'sent', type?: Asset['type']) =>
  assets.filter((asset) => !type || asset.type === type).reduce((total, asset) => total + asset[key], 0);

/**
 * Runs in the page before its scripts: resolves `firstPainted` with the time since navigation start
 * (performance.now()) once an element matching `selector` has been painted. A mutation observer sees
 * the element enter the DOM; the next animation frame is the one that paints it, and a message posted
 * from its requestAnimationFrame callback is handled only after that frame's paint.
 */
function watchFirstPaint(selector: string): void {
  const page = window as unknown as { firstPainted: Promise<number> };
  page.firstPainted = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector(selector)) return;
      observer.disconnect();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      requestAnimationFrame(() => channel.port2.postMessage(null));
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}

/** A fresh context (empty cache and storage), signed in through the stored token when `login` is set. */
async function context(browser: Browser, base: string, group: Group): Promise<BrowserContext> {
  const token = group.login ? await signInToken(base, group.login) : undefined;
  const opened = await newFrenchContext(browser, base, { width: 1366, height: 800 }, token);
  await opened.addInitScript(watchFirstPaint, group.ready);
  return opened;
}

function assetType(url: string): Asset['type'] | undefined {
  const { pathname } = new URL(url);
  return pathname.endsWith('.js') ? 'js' : pathname.endsWith('.css') ? 'css' : undefined;
}

/** Resolves once no script or style sheet has arrived for QUIET_MS. */
function quiet(page: Page): Promise<void> {
  return new Promise((resolve) => {
    let timer = setTimeout(resolve, QUIET_MS);
    page.on('response', (response) => {
      if (!assetType(response.url())) return;
      clearTimeout(timer);
      timer = setTimeout(resolve, QUIET_MS);
    });
  });
}

/** What a cold load of the group's page fetches: every script and style sheet, with its gzip size. */
async function measureGroup(browser: Browser, base: string, group: Group): Promise<GroupResult> {
  const opened = await context(browser, base, group);
  const page = await opened.newPage();
  const pending: Array<Promise<Asset>> = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    const type = assetType(response.url());
    if (!type || url.origin !== base) return;
    pending.push(
      Promise.all([response.body(), response.request().sizes()]).then(([body, sizes]) => ({
        url: url.pathname,
        type,
        bytes: body.length,
        gzip: zlib.gzipSync(body, { level: 9 }).length,
        sent: sizes.responseBodySize,
        encoding: response.headers()['content-encoding'] ?? 'none',
      })),
    );
  });
  await page.goto(group.path);
  await page.locator(group.ready).first().waitFor({ timeout: 30_000 });
  await quiet(page);
  const assets = await Promise.all(pending);
  await opened.close();
  return {
    name: group.name,
    path: group.path,
    login: group.login ?? null,
    assets,
    js: sum(assets, 'gzip', 'js'),
    css: sum(assets, 'gzip', 'css'),
    sent: sum(assets, 'sent'),
  };
}

/** Time from navigation start to the first rows painted: a new context per cold run, a reload for a warm one. */
async function measurePaint(browser: Browser, base: string, group: Group): Promise<PaintResult[]> {
  const results: PaintResult[] = [];
  for (const cache of ['cold', 'warm'] as const) {
    const times: number[] = [];
    const contentful: number[] = [];
    for (let run = 0; run < runs; run++) {
      const opened = await context(browser, base, group);
      const page = await opened.newPage();
      // The warm run loads the page once first: the assets are then in the cache (immutable, not revalidated).
      if (cache === 'warm') await page.goto(group.path, { waitUntil: 'load' });
      await page.goto(group.path);
      const [painted, fcp] = await page.evaluate(async () => [
        await (window as unknown as { firstPainted: Promise<number> }).firstPainted,
        // The paint entry is queued after the frame is presented: when the rows are the first content, it
        // may not be in the timeline yet when their frame's message runs.
        await new Promise<number>((resolve) =>
          new PerformanceObserver((entries, observer) => {
            const entry = entries.getEntriesByName('first-contentful-paint')[0];
            if (!entry) return;
            observer.disconnect();
            resolve(entry.startTime);
          }).observe({ type: 'paint', buffered: true }),
        ),
      ]);
      times.push(Math.round(painted!));
      contentful.push(Math.round(fcp!));
      await opened.close();
    }
    results.push({ cache, runs: times, median: median(times), firstContentfulPaint: median(contentful) });
  }
  return results;
}

const kb = (bytes: number) => (bytes / KB).toFixed(1);

function overBy(figure: number, budget: number, unit: (value: number) => string): string {
  return figure <= budget ? 'met' : `not met: ${unit(figure)} > ${unit(budget)} (+${unit(figure - budget)})`;
}

function groupVerdict(result: GroupResult): string {
  if (result.name === 'login') return overBy(result.js, BUDGET.loginJs, (bytes) => `${kb(bytes)} kB JS`);
  if (result.name === MANAGER_LIST.name)
    return overBy(result.js + result.css, BUDGET.managerListTotal, (bytes) => `${kb(bytes)} kB`);
  return 'reported';
}

const paintVerdict = (result: PaintResult) => overBy(result.median, BUDGET.firstRowsMs, (ms) => `${ms} ms`);

buildAll();
/** Timings depend on what else the machine runs: its 1-minute load average is reported with them. */
const loadAverage: number[] = [];
const groups: GroupResult[] = [];
let paint: PaintResult[] = [];
await withDemoServer('web', async (base) => {
  const browser = await launchChromium();
  loadAverage.push(os.loadavg()[0]!);
  try {
    for (const group of GROUPS) groups.push(await measureGroup(browser, base, group));
    // One untimed load first: the server's first list query warms its caches, as any later visitor finds it.
    await measureGroup(browser, base, MANAGER_LIST);
    paint = await measurePaint(browser, base, MANAGER_LIST);
    loadAverage.push(os.loadavg()[0]!);
  } finally {
    await browser.close();
  }
});

const encodings = [...new Set(groups.flatMap((group) => group.assets.map((asset) => asset.encoding)))].join(', ');
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, ${Math.round(os.totalmem() / 2 ** 30)} GB, Node ${process.version}`;
const stamp = new Date().toISOString();
const report = [
  `Web benchmark of ${stamp.slice(0, 16).replace('T', ' ')} UTC on ${machine}; headless Chromium, demo data on the embedded database; load average ${loadAverage.map((value) => value.toFixed(1)).join(' then ')}.`,
  '',
  markdownTable(
    [
      'route group',
      'page',
      'signed in as',
      'JS files',
      'JS kB gzip',
      'CSS kB gzip',
      'total kB gzip',
      'kB sent',
      'budget',
    ],
    groups.map((group) => [
      group.name,
      `\`${group.path}\``,
      group.login ?? '(signed out)',
      group.assets.filter((asset) => asset.type === 'js').length,
      kb(group.js),
      kb(group.css),
      kb(group.js + group.css),
      kb(group.sent),
      groupVerdict(group),
    ]),
  ),
  '',
  markdownTable(
    ['first rows painted on the manager list', 'median ms', `runs (ms)`, 'first contentful paint ms', 'budget'],
    paint.map((result) => [
      `${result.cache} cache`,
      result.median,
      result.runs.join(', '),
      result.firstContentfulPaint,
      paintVerdict(result),
    ]),
  ),
  '',
  `Sizes: every script and style sheet a cold load of the page fetched until the page showed its content and nothing more arrived for ${QUIET_MS} ms, gzipped here at level 9 (kB = 1000 bytes); "kB sent" is what the server sent (encoding: ${encodings}).`,
  `First rows: from navigation start to the frame that painted the first row of \`${MANAGER_LIST.path}\` (signed in as manager), median of ${runs} page loads; cold in a new browser context (empty cache), warm after a first load in the same context.`,
  `Budgets: the sign-in page at most ${kb(BUDGET.loginJs)} kB of gzip JavaScript; a manager list at most ${kb(BUDGET.managerListTotal)} kB in total; first rows under ${BUDGET.firstRowsMs} ms.`,
].join('\n');
console.log(`\n${report}`);
const dir = path.join(root, 'bench/results');
fs.mkdirSync(dir, { recursive: true });
const file = `web-${stamp.replace(/[:.]/g, '-')}`;
fs.writeFileSync(path.join(dir, `${file}.md`), `${report}\n`);
fs.writeFileSync(
  path.join(dir, `${file}.json`),
  JSON.stringify(
    {
      date: stamp,
      machine,
      runs,
      loadAverage,
      budget: BUDGET,
      groups: groups.map((group) => ({ ...group, verdict: groupVerdict(group) })),
      firstRows: paint.map((result) => ({ ...result, verdict: paintVerdict(result) })),
    },
    null,
    2,
  ),
);
