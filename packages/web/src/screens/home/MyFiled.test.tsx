// « Mes saisies » (issue 38): a staff member who decides nothing finds on the home page the requests they
// filed, newest first as the server sends them, each with its status in words and colour, its amount in the
// one format, and a link to it; a decider keeps "My work".
import { ROLES, type WorkFiledRow } from '@bank/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { account, json, renderRoutes, stubFetch } from '../../test/render';
import { routes } from '../../app/routes';

const ROWS: WorkFiledRow[] = [
  {
    entity: 'transfer',
    id: 40,
    createdAt: '2026-11-28T10:00:00Z',
    status: 'FIRST_APPROVAL',
    client: 'Awa Diop',
    amount: '2000000',
  },
  {
    entity: 'cardOrder',
    id: 12,
    createdAt: '2026-11-27T09:00:00Z',
    status: 'REJECTED',
    client: 'Ousmane Sy',
    amount: null,
  },
];

function serve(queues: unknown[]) {
  const profile = { activeProfiles: ['dev'], ribbonEnv: 'dev', inProduction: false, isSwaggerEnabled: false };
  const stub = stubFetch({
    'GET /management/info': () => json(profile),
    'GET /core/api/work/summary': () => json({ slaHours: 24, queues, inbox: [], charts: null }),
    'GET /core/api/work/filed': () => json(ROWS, 200, { 'X-Total-Count': '2' }),
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub.calls;
}

describe('« Mes saisies » home', () => {
  it('lists what a data-entry agent filed, with status words and colours and links', async () => {
    serve([]);
    renderRoutes(routes, { path: '/', session: account('agentsaisie', [ROLES.AGENTDESAISIE]) });
    const table = await screen.findByTestId('my-filed-table', {}, { timeout: 10_000 });
    expect(screen.getByRole('heading', { name: 'My filed requests' })).toBeTruthy();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-id'))).toEqual(['40', '12']);
    const transfer = rows[0]!;
    expect(within(transfer).getByText('Transfer')).toBeTruthy();
    expect(within(transfer).getByText('2 000 000 XOF')).toBeTruthy();
    expect(transfer.querySelector('[data-status="FIRST_APPROVAL"]')!.textContent).toBe('1st validation 1/2');
    expect(within(rows[1]!).getByRole('link', { name: 'Open Card order 12' }).getAttribute('href')).toBe(
      '/entity/card-order/view/manager/12/edit',
    );
    expect(rows[1]!.querySelector('[data-status="REJECTED"]')!.textContent).toBe('Rejected');
    expect(screen.getByTestId('my-filed-count').textContent).toContain('2');
  });

  it('is not the home of a decider', async () => {
    const calls = serve([{ entity: 'cardOrder', count: 0, oldest: null, overSla: 0 }]);
    renderRoutes(routes, { path: '/', session: account('manager', [ROLES.MANAGER]) });
    await screen.findByTestId('my-work', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('my-filed')).toBeNull();
    expect(calls.some((c) => c.url.includes('/core/api/work/filed'))).toBe(false);
  });
});
