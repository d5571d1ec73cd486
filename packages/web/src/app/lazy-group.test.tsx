import { act, render } from '@testing-library/react';
import { type ComponentType, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isConnectionLost } from '../api/connection';
import { ErrorBoundary } from './ErrorBoundary';
import { GROUP_LOAD_TIMEOUT_MS, GroupLoadTimeoutError, lazyComponent, lazyGroup, lazyPage } from './lazy-group';

afterEach(() => vi.useRealTimers());

describe('lazy groups', () => {
  it('fail with an error when the chunk has not arrived within 120 s', async () => {
    vi.useFakeTimers();
    const group = lazyGroup(() => new Promise<never>(() => {}));
    let outcome: unknown = 'pending';
    const loading = group().catch((error: unknown) => (outcome = error));
    await vi.advanceTimersByTimeAsync(GROUP_LOAD_TIMEOUT_MS - 1);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await loading;
    expect(outcome).toBeInstanceOf(GroupLoadTimeoutError);
  });

  it('load a group once for all its pages', async () => {
    const SettingsPage = () => 'settings';
    const PasswordPage = () => 'password';
    const load = vi.fn(async () => ({ SettingsPage, PasswordPage }));
    const group = lazyGroup(load);
    // Each page comes inside Mantine's theme.
    const { Component: Settings } = await lazyPage(group, 'SettingsPage')();
    const { Component: Password } = await lazyPage(group, 'PasswordPage')();
    expect(render(<Settings />).getByText('settings')).toBeTruthy();
    expect(render(<Password />).getByText('password')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('try a failed load again with back-off, the connection shown lost until it arrives', async () => {
    vi.useFakeTimers();
    const offline = new TypeError('Failed to fetch dynamically imported module');
    const load = vi.fn().mockRejectedValueOnce(offline).mockRejectedValueOnce(offline).mockResolvedValue({ ok: true });
    let outcome: unknown = 'pending';
    const loading = lazyGroup(load)().then((module) => (outcome = module));
    await vi.advanceTimersByTimeAsync(0);
    expect(load).toHaveBeenCalledTimes(1);
    expect(isConnectionLost()).toBe(true);
    // Then about 1 s, then about 2 s.
    await vi.advanceTimersByTimeAsync(1200);
    expect(load).toHaveBeenCalledTimes(2);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(2400);
    await loading;
    expect(outcome).toEqual({ ok: true });
    expect(isConnectionLost()).toBe(false);
  });
});

/** A lazy part inside a page with text of its own, under the app's error boundary. */
const renderInPage = (Lazy: ComponentType) =>
  render(
    <ErrorBoundary>
      <p>typed text</p>
      <Suspense fallback="loading">
        <Lazy />
      </Suspense>
    </ErrorBoundary>,
  );

describe('lazy components', () => {
  it('keep their fallback, not an error, while their chunk cannot be loaded, then draw', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const Dialog = () => 'the dialog';
    const load = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValue(Dialog);
    const view = renderInPage(lazyComponent(load));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(view.container.textContent).toBe('typed textloading');
    await act(() => vi.advanceTimersByTimeAsync(1200));
    expect(view.container.textContent).toBe('typed textthe dialog');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keep their fallback past the 120 s time-out and draw when the chunk arrives at last', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const Toasts = () => 'the toasts';
    let arrive: (component: typeof Toasts) => void = () => {};
    const late = new Promise<typeof Toasts>((resolve) => (arrive = resolve));
    const load = vi.fn(() => late);
    const view = renderInPage(lazyComponent(load));
    await act(() => vi.advanceTimersByTimeAsync(GROUP_LOAD_TIMEOUT_MS + 1_500));
    expect(view.container.textContent).toBe('typed textloading');
    expect(load).toHaveBeenCalledTimes(2);
    arrive(Toasts);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(view.container.textContent).toBe('typed textthe toasts');
  });
});
