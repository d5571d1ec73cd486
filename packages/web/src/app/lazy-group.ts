// On-demand groups of screens (spec part 1 section 2.1): one chunk per group, loaded once,
// failing with an error (shown by the route error boundary) if it has not arrived within 120 s.
import { type ComponentType, lazy } from 'react';

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

/** Memoises a group's dynamic import; a failed load may be tried again on the next navigation. */
export function lazyGroup<M>(load: () => Promise<M>): () => Promise<M> {
  let pending: Promise<M> | null = null;
  return () => {
    pending ??= withTimeout(load(), GROUP_LOAD_TIMEOUT_MS, () => new GroupLoadTimeoutError()).catch(
      (error: unknown) => {
        pending = null;
        throw error;
      },
    );
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
    const [{ themed }, module] = await Promise.all([import('./ThemeProvider'), group()]);
    return { Component: themed(module[name] as ComponentType) };
  };
}

/** A component drawn with Mantine outside the lazy pages (an error, a refusal), loaded with the theme when shown. */
export function lazyThemed<P extends object>(load: () => Promise<ComponentType<P>>) {
  return lazy(async () => {
    const [{ themed }, Component] = await Promise.all([import('./ThemeProvider'), load()]);
    return { default: themed(Component) };
  });
}
