/// <reference lib="dom" />
// What a user does in a page, counted by the page itself: clicks, key presses (not the keys that type
// text) and the fields typed into. Shared by the browser suite and `npm run bench:decision`, so it
// imports nothing from vitest.
import type { Page } from 'playwright-core';

export interface UserActions {
  clicks: number;
  keys: number;
  /** Fields typed into. */
  typed: number;
}

/**
 * Runs in the page (`page.addInitScript(countUserActions)`): counts the user's own events, not the app's. A click
 * is the pointer's (Enter on a link fires one too, with no click count); a chord (Ctrl+Enter) is one key press;
 * a field is typed into when text is entered (a ticked box fires `input` too, not as an InputEvent).
 */
export function countUserActions(): void {
  const counts = { clicks: 0, keys: 0, typed: new Set<EventTarget>() };
  const modifiers = ['Control', 'Shift', 'Alt', 'Meta'];
  Object.assign(window, { userActions: counts });
  document.addEventListener('click', (event) => event.isTrusted && event.detail > 0 && counts.clicks++, true);
  document.addEventListener(
    'keydown',
    (event) => event.isTrusted && event.key.length > 1 && !modifiers.includes(event.key) && counts.keys++,
    true,
  );
  document.addEventListener(
    'input',
    (event) => event.isTrusted && event instanceof InputEvent && event.target && counts.typed.add(event.target),
    true,
  );
}

/** What the user did since the last call (or since the page loaded). */
export function takeUserActions(page: Page): Promise<UserActions> {
  return page.evaluate(() => {
    const counts = (window as unknown as { userActions: { clicks: number; keys: number; typed: Set<EventTarget> } })
      .userActions;
    const taken = { clicks: counts.clicks, keys: counts.keys, typed: counts.typed.size };
    counts.clicks = 0;
    counts.keys = 0;
    counts.typed.clear();
    return taken;
  });
}
