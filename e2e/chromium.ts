// Debian's Chromium as the browser suite and bench:web launch it: one set of flags for both
// (support.ts imports vitest, which the bench cannot load).
import { TOKEN_STORAGE_KEY } from '@bank/domain';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** Headless, sandbox and GPU off (containers), and no background traffic that would skew timings. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** CHROMIUM_PATH, else Debian's /usr/bin/chromium, with CHROMIUM_ARGS. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/**
 * A new context (empty cache and storage) in French, signed in with `token` when given: the token is where
 * the app keeps it before any page script runs, as after a sign-in.
 */
export async function newFrenchContext(
  browser: Browser,
  base: string,
  viewport: { width: number; height: number },
  token?: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: base, locale: 'fr-FR', viewport });
  if (token)
    await context.addInitScript(({ key, value }) => sessionStorage.setItem(key, value), {
      key: TOKEN_STORAGE_KEY,
      value: token,
    });
  return context;
}
