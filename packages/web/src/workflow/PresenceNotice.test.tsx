import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { presenceKey } from '../api/events';
import { account, json, renderRoutes, stubFetch } from '../test/render';
import { PresenceNotice } from './PresenceNotice';

const other = { login: 'responsabledesk', since: '2026-11-27T09:00:00Z' };

describe('PresenceNotice', () => {
  it('claims the form, says who else is on it, and claims nothing after its tab closed', async () => {
    const api = stubFetch({
      'PUT /core/api/presence/card-orders/7': () => json([other]),
      'DELETE /core/api/presence/card-orders/7': () => json(null, 204),
    });
    vi.stubGlobal('fetch', api.fetchStub);
    const { queryClient } = renderRoutes([{ path: '/', element: <PresenceNotice resource="card-orders" id={7} /> }], {
      session: account('manager', ['ROLE_MANAGER']),
    });
    expect(await screen.findByText(/responsabledesk/)).toBeTruthy();
    const claims = () => api.calls.filter((call) => call.method === 'PUT').length;
    expect(claims()).toBe(1);

    act(() => void window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })));
    await waitFor(() => expect(api.calls.at(-1)?.method).toBe('DELETE'));
    // The live event of someone else opening the form, heard while the tab closes.
    await act(() => queryClient.invalidateQueries({ queryKey: presenceKey('card-orders', 7) }));
    expect(claims()).toBe(1);

    // Back from the page cache: claimed again.
    act(() => void window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
    await waitFor(() => expect(claims()).toBe(2));
  });

  it('releases its claim once: a release that got no answer is not sent again later', async () => {
    const api = stubFetch({
      'PUT /core/api/presence/card-orders/7': () => json([]),
      'DELETE /core/api/presence/card-orders/7': () => json({ message: 'error.http.503' }, 503),
    });
    vi.stubGlobal('fetch', api.fetchStub);
    const { unmount } = renderRoutes([{ path: '/', element: <PresenceNotice resource="card-orders" id={7} /> }], {
      session: account('manager', ['ROLE_MANAGER']),
    });
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    unmount();
    const releases = () => api.calls.filter((call) => call.method === 'DELETE').length;
    await waitFor(() => expect(releases()).toBe(1));
    // Longer than the first back-off (retryDelay's first step), which a retried call would have waited.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(releases()).toBe(1);
  });
});
