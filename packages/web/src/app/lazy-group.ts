// On-demand code: groups of screens (spec part 1 section 2.1), one chunk per group, loaded once, and the
// parts drawn on demand (toasts, dialogs, the signed-in shell). A chunk that fails to arrive (the network,
// the server away) is tried again with back-off while the connection banner shows, the page keeping what
// it shows meanwhile; a page's that has not arrived within 120 s fails with an error (the route error
// boundary). A part drawn on demand keeps its fallback instead and goes on trying: it has no boundary of
// its own, and its error took the whole app away (a toast's chunk late under load left a blank page).
import { type ComponentType, lazy } from 'react';
import { retryDelay } from '@bank/domain';
import { reportAnswered, reportLost, waitToRetry } from '../api/connection';

export const GROUP_LOAD_TIMEOUT_MS = 120_000;

export class GroupLoadTimeoutError extends Error {
  override readonly name = 'GroupLoadTimeoutError';
  constructor() {
    super('error.chunk');
  }
}

/** Races `promise` against a timer; the timer is cleared as soon as the promise settles. */
export function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Loads a chunk, trying again with back-off (1, 2, 4 … 15 s) after each failure, for as long as the page
 * is open: a chunk that failed is fetched anew by the browser. The 120 s time-out fails the load, unless
 * `untilLoaded` (a part on demand), for which it is one more failure to try again after.
 */
export async function retryingLoad<M>(load: () => Promise<M>, untilLoaded = false): Promise<M> {
  for (let tries = 0; ; tries++) {
    try {
      const module = await withTimeout(load(), GROUP_LOAD_TIMEOUT_MS, () => new GroupLoadTimeoutError());
      // Arrived after a failure: the server is back.
      if (tries > 0) reportAnswered();
      return module;
    } catch (error) {
      if (error instanceof GroupLoadTimeoutError && !untilLoaded) throw error;
      reportLost();
      await waitToRetry(retryDelay(tries));
    }
  }
}

/** Memoises a group's dynamic import; a load that timed out may be tried again on the next navigation. */
export function lazyGroup<M>(load: () => Promise<M>): () => Promise<M> {
  let pending: Promise<M> | null = null;
  return () => {
    pending ??= retryingLoad(load).catch((error: unknown) => {
      pending = null;
      throw error;
    });
    return pending;
  };
}

type ComponentsOf<M> = { [K in keyof M]: M[K] extends ComponentType ? K : never }[keyof M];

/**
 * A React Router `lazy` route property taking one page of a group.
 * @example { path: 'settings', lazy: lazyPage(accountGroup, 'SettingsPage') }
 */
export function lazyPage<M>(group: () => Promise<M>, name: ComponentsOf<M>) {
  return async () => {
    // With Mantine's theme: the signed-out pages other than sign-in are drawn without it.
    const [{ themed }, module] = await Promise.all([retryingLoad(() => import('./ThemeProvider')), group()]);
    return { Component: themed(module[name] as ComponentType) };
  };
}

/**
 * React's `lazy` over a chunk tried until it arrives, however long: its Suspense fallback stays meanwhile,
 * never an error that would take the page around it away.
 * @example const Toasts = lazyComponent(() => import('./Toasts').then((module) => module.Toasts));
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => ({ default: await retryingLoad(load, true) }));
}

/** A component drawn with Mantine outside the lazy pages (an error, a refusal), loaded with the theme when shown. */
export function lazyThemed<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazyComponent(async () => {
    const [{ themed }, Component] = await Promise.all([import('./ThemeProvider'), load()]);
    return themed(Component);
  });
}
