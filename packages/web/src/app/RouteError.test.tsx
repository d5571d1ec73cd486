import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render';
import { GroupLoadTimeoutError } from './lazy-group';
import { RouteError } from './RouteError';

function Broken(): never {
  throw new Error('render failed');
}

describe('route error boundary', () => {
  it('shows "An unexpected error has occurred." when a page fails to render', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes([{ path: '/', element: <Broken />, errorElement: <RouteError /> }]);
    expect(await screen.findByText('An unexpected error has occurred.')).toBeTruthy();
    expect(screen.queryByText('render failed')).toBeNull();
  });

  it('says why when a lazy group did not load in time', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const lazy = () => Promise.reject(new GroupLoadTimeoutError());
    renderRoutes(
      [{ path: '/', errorElement: <RouteError />, HydrateFallback: () => null, children: [{ path: 'account', lazy }] }],
      { path: '/account' },
    );
    expect(await screen.findByText('An unexpected error has occurred.')).toBeTruthy();
    expect(screen.getByText(/could not be loaded/)).toBeTruthy();
  });
});
