import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GROUP_LOAD_TIMEOUT_MS, GroupLoadTimeoutError, lazyGroup, lazyPage } from './lazy-group';

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

  it('try again after a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ ok: true });
    const group = lazyGroup(load);
    await expect(group()).rejects.toThrow('offline');
    await expect(group()).resolves.toEqual({ ok: true });
  });
});
