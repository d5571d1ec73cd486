// Debian's Chromium as the browser suite and bench:web launch it: one set of flags for both
// (support.ts imports vitest, which the bench cannot load).
import { chromium, type Browser } from 'playwright-core';

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
