// The column chooser follows a click at once: its boxes read the preferences' cache, which tells its
// readers a task after a change (TanStack Query's notifications); a box left checked until then was a
// lost click to a quick user, and to the browser suite under load ("clicking the checkbox did not change
// its state").
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preferencesKey } from '../api/preferences';
import { createQueryClient } from '../app/query-client';
import { account, json, renderRoutes, stubFetch } from '../test/render';
import { ListLayoutControls } from './ListParts';
import { useListLayout } from './list-layout';

const COLUMNS = [
  { id: 'code', label: 'Code' },
  { id: 'name', label: 'Nom' },
];

function Chooser() {
  const layout = useListLayout('branch');
  return <ListLayoutControls layout={layout} columns={COLUMNS} />;
}

afterEach(() => vi.unstubAllGlobals());

describe('the column chooser', () => {
  it('unchecks a column in the click’s own render, and keeps it unchecked once the preference is saved', async () => {
    const stub = stubFetch({ 'PUT /api/account/preferences/list.branch': () => json({}) });
    vi.stubGlobal('fetch', stub.fetchStub);
    const queryClient = createQueryClient();
    queryClient.setQueryData(preferencesKey, {});
    renderRoutes([{ path: '/', element: <Chooser /> }], {
      session: account('agentca', ['ROLE_AGENT_CA']),
      queryClient,
    });
    const code = (await screen.findByRole('checkbox', { name: 'Code' })) as HTMLInputElement;
    expect(code.checked).toBe(true);
    fireEvent.click(code);
    expect(code.checked).toBe(false);
    await waitFor(() => expect(stub.calls.map((call) => `${call.method} ${call.url}`)).toHaveLength(1));
    expect(queryClient.getQueryData(preferencesKey)).toEqual({ 'list.branch': { hidden: ['code'] } });
    expect((screen.getByRole('checkbox', { name: 'Code' }) as HTMLInputElement).checked).toBe(false);
    // The last column shown cannot be hidden: a table without columns would show nothing.
    expect((screen.getByRole('checkbox', { name: 'Nom' }) as HTMLInputElement).disabled).toBe(true);
  });
});
