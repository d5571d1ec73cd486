// The transfer staff screens (spec part 2 §2.3–2.4) from the request-type table: the list's filters
// sent to the criteria route, amounts in XOF, the row buttons per role, the selected rows exported as
// a real Virements.xlsx, the edit form's stale-version message, and the history with its own wording.
import { ROLES } from '@bank/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { strFromU8, unzipSync } from 'fflate';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { account, chooseDecision, json, renderRoutes } from '../../test/render';
import { RequestDecisionPage } from './RequestDecisionPage';
import { RequestHistoryPage } from './RequestHistoryPage';
import { RequestListPage } from './RequestListPage';
import { RequestStoryPage } from './RequestStoryPage';

const routes: RouteObject[] = [
  { path: '/entity/:route/view/manager', element: <RequestListPage /> },
  { path: '/entity/:route/view/manager/:id/edit', element: <RequestDecisionPage /> },
  { path: '/entity/:route/story/:id/modal', element: <RequestHistoryPage /> },
  { path: '/entity/:route/story/:id', element: <RequestStoryPage /> },
];

const manager = account('manager', [ROLES.MANAGER]);
const agent = account('agentsaisie', [ROLES.AGENTDESAISIE]);

const transfer = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  version: 2,
  amount: `${id}50000.50`,
  createdAt: '2026-03-10T09:15:00Z',
  execDate: null,
  comment: id === 1 ? 'Loyer mars' : null,
  demandStatus: ['PENDING', 'VALIDATED', 'CANCELLED', 'REJECTED'][id % 4],
  clientName: `Client ${id}`,
  clientCode: `CL00${id}`,
  bankAccountNumber: `SN0120000000${id}`,
  beneficiaryName: `Bénéficiaire ${id}`,
  beneficiaryRib: `SN08${id}00000000000`,
  ...extra,
});

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

function api(answer: (call: Call) => Response | undefined = () => undefined) {
  const calls: Call[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const call = { method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const own = answer(call);
    if (own) return own;
    if (url.pathname === '/core/api/criterial_search/transfers') {
      return json(
        [1, 2, 3].map((id) => transfer(id)),
        200,
        { 'X-Total-Count': '3' },
      );
    }
    // A request's history, which its decision form shows too: none unless the test answers one.
    if (url.pathname.includes('/story/')) return json([]);
    return new Response(null, { status: 204 });
  });
  return { calls, lists: () => calls.filter((c) => c.url.pathname === '/core/api/criterial_search/transfers') };
}

/** The date pickers' first load in a test (a few hundred modules to transform) can take longer than a page's. */
const PICKERS = { timeout: 20_000 };

describe('transfer staff list', () => {
  it('sends whatever filter is filled to the criteria route, with the status view', async () => {
    const { lists } = api();
    const view = renderRoutes(routes, { path: '/entity/transfer/view/manager', session: manager });
    expect(await screen.findByText('Client 1')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Transfer requests');
    // The manager decides transfers: the list opens on the work queue, oldest first.
    expect(lists()[0]!.url.search).toBe(
      '?demandStatus.in=INPROGRESS%2CPENDING&page=0&size=20&sort=createdAt%2Casc&sort=id%2Casc',
    );
    // Amount in XOF with spaces between thousands, the status badge by its value.
    const first = screen.getByText('Client 1').closest('tr')!;
    expect(within(first).getByText('150 000,50 XOF')).toBeTruthy();
    expect(first.querySelector('[data-status="VALIDATED"]')!.textContent).toBe('Validated');

    // The filters' code loads on its own, beside the rows, and the date pickers on first use; dates read DD/MM/YYYY.
    // Both pickers, not the first that shows: findAll resolves as soon as one is there.
    await waitFor(() => expect(screen.getAllByPlaceholderText('dd/mm/yyyy')).toHaveLength(2), PICKERS);
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '01/03/2026' } });
    fireEvent.change(screen.getByLabelText('Reference'), { target: { value: ' 42 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lists().at(-1)!.url.searchParams.get('startdate')).toBe('2026-03-01'));
    const sent = lists().at(-1)!.url.searchParams;
    expect(sent.get('id')).toBe('42');
    expect(sent.has('enddate')).toBe(false);
    expect(sent.has('status')).toBe(false);
    expect(new URLSearchParams(view.router.state.location.search).get('startdate')).toBe('2026-03-01');

    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    // Back to the plain list (already in the cache: no new call needed).
    await waitFor(() => expect(view.router.state.location.search).toBe('?status=queue'));
    expect((screen.getByLabelText('Reference') as HTMLInputElement).value).toBe('');
  });

  it('gives the manager Edit and the data-entry agent View, both History', async () => {
    api();
    renderRoutes(routes, { path: '/entity/transfer/view/manager', session: manager });
    await screen.findByText('Client 1');
    expect(screen.getAllByRole('link', { name: 'Edit' })).toHaveLength(3);
    expect(screen.queryAllByRole('link', { name: 'View' })).toHaveLength(0);
    expect(screen.getAllByRole('link', { name: 'History' })[0]!.getAttribute('href')).toBe(
      '/entity/transfer-log/story/1/modal',
    );
  });

  it('marks a half-validated transfer 1/2 and carries the list view into its links', async () => {
    const { calls } = api(({ url }) => {
      if (url.pathname === '/core/api/transfers/open-approvals')
        return json({ 4: [{ login: 'manager', approvedAt: '2026-03-10T10:00:00Z' }] });
      if (url.pathname === '/core/api/criterial_search/transfers')
        return json([transfer(4), transfer(1)], 200, { 'X-Total-Count': '2' });
      return undefined;
    });
    renderRoutes(routes, { path: '/entity/transfer/view/manager?status=all&page=1', session: agent });
    const row = (await screen.findByText('Client 4')).closest('tr')!;
    expect((await within(row).findByTestId('approval-mark')).textContent).toBe('1/2 — validated by manager');
    // Only the rows waiting for a decision are asked about.
    const asked = calls.find((call) => call.url.pathname === '/core/api/transfers/open-approvals')!;
    expect(asked.url.searchParams.get('ids')).toBe('4');
    expect(within(row).getByRole('link', { name: 'View' }).getAttribute('href')).toBe(
      '/entity/transfer/view/manager/4/edit?status=all&page=1',
    );
    expect(within(screen.getByText('Client 1').closest('tr')!).queryByTestId('approval-mark')).toBeNull();
  });

  it('asks the server for the second validations waiting for this viewer, oldest first, with the filters', async () => {
    const { calls } = api(({ url }) =>
      url.pathname === '/core/api/transfers/second-validation'
        ? json([transfer(4)], 200, { 'X-Total-Count': '1' })
        : undefined,
    );
    renderRoutes(routes, {
      path: '/entity/transfer/view/manager?status=second&startdate=2026-03-01&id=4',
      session: manager,
    });
    await screen.findByText('Client 4');
    const asked = calls.find((call) => call.url.pathname === '/core/api/transfers/second-validation')!;
    expect(asked.url.searchParams.getAll('sort')).toEqual(['createdAt,asc', 'id,asc']);
    expect([asked.url.searchParams.get('startdate'), asked.url.searchParams.get('id')]).toEqual(['2026-03-01', '4']);
    expect(asked.url.searchParams.has('enddate')).toBe(false);
  });

  it('shows the data-entry agent View and no Edit', async () => {
    api();
    renderRoutes(routes, { path: '/entity/transfer/view/manager', session: agent });
    await screen.findByText('Client 1');
    expect(screen.getAllByRole('link', { name: 'View' })).toHaveLength(3);
    expect(screen.queryAllByRole('link', { name: 'Edit' })).toHaveLength(0);
  });

  it('exports the selected rows to Virements.xlsx: sheet Virements, eleven headers, numbers and dates', async () => {
    api();
    let file: Blob | undefined;
    let downloaded = '';
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => ((file = blob), 'blob:export') }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = this.download;
    });
    renderRoutes(routes, { path: '/entity/transfer/view/manager', session: manager });
    await screen.findByText('Client 1');
    const exportButton = screen.getByRole('button', { name: 'Export selection' }) as HTMLButtonElement;
    expect(exportButton.disabled).toBe(true);

    fireEvent.click(screen.getByLabelText('Select the whole page'));
    expect(screen.getByTestId('selected-count').textContent).toBe('Selected: 3');
    fireEvent.click(screen.getByLabelText('Select request 2'));
    expect(screen.getByTestId('selected-count').textContent).toBe('Selected: 2');
    expect((screen.getByLabelText('Select the whole page') as HTMLInputElement).indeterminate).toBe(true);

    fireEvent.click(exportButton);
    await waitFor(() => expect(downloaded).toBe('Virements.xlsx'), { timeout: 10_000 });
    click.mockRestore();
    const parts = unzipSync(new Uint8Array(await file!.arrayBuffer()));
    expect(strFromU8(parts['xl/workbook.xml']!)).toContain('name="Virements"');
    const sheet = strFromU8(parts['xl/worksheets/sheet1.xml']!);
    const shared = [
      ...strFromU8(parts['xl/sharedStrings.xml'] ?? new Uint8Array()).matchAll(/<t[^>]*>([^<]*)<\/t>/g),
    ].map((m) => m[1]);
    const text = (ref: string) => {
      const cell = new RegExp(`<c r="${ref}"([^>]*)>(?:<v>([^<]*)</v>|<is><t>([^<]*)</t></is>)`).exec(sheet);
      if (!cell) return undefined;
      return /t="s"/.test(cell[1]!) ? shared[Number(cell[2])] : (cell[2] ?? cell[3]);
    };
    expect(['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K'].map((col) => text(`${col}1`))).toEqual([
      'Transfer ID',
      'Client account number',
      'Client reference',
      'Client name',
      'Created on',
      'Execution date',
      'Amount',
      'Beneficiary RIB',
      'Beneficiary name',
      'Comment',
      'Status',
    ]);
    // Rows in the order ticked: 1 then 3; amounts and ids are numbers, the date a serial number.
    expect(text('A2')).toBe('1');
    expect(text('A3')).toBe('3');
    expect(/<c r="G2"[^>]*t="s"/.test(sheet)).toBe(false);
    expect(text('G2')).toBe('150000.5');
    expect(Number(text('E2'))).toBeCloseTo(46091.385, 3);
    expect(text('D2')).toBe('Client 1');
    expect(text('J2')).toBe('Loyer mars');
    expect(text('K3')).toBe('Rejected');
    expect(text('A4')).toBeUndefined();
  });
});

describe('transfer edit and history', () => {
  it('tells of a stale version and reloads the transfer', async () => {
    let version = 2;
    const { calls } = api((call) => {
      if (call.url.pathname === '/core/api/transfers/1' && call.method === 'GET') {
        return json(transfer(1, { version, demandStatus: 'PENDING' }));
      }
      if (call.method === 'PUT' && call.url.pathname === '/core/api/transfers/1') {
        version = 3;
        return json({ status: 409, title: 'Conflict', message: 'error.concurrencyFailure' }, 409);
      }
      return undefined;
    });
    renderRoutes(routes, { path: '/entity/transfer/view/manager/1/edit', session: manager });
    expect(await screen.findByText('Bénéficiaire 1')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Edit transfer');
    fireEvent.change(screen.getByRole('textbox', { name: 'Observation' }), { target: { value: 'Pièces reçues' } });
    await chooseDecision('Validated');
    fireEvent.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByTestId('decision-conflict')).toBeTruthy();
    const put = calls.find((call) => call.method === 'PUT' && !call.url.pathname.startsWith('/core/api/presence/'))!;
    expect(put.url.pathname).toBe('/core/api/transfers/1');
    expect(put.body).toMatchObject({ id: 1, version: 2, demandStatus: 'VALIDATED', comment: 'Pièces reçues' });
    await waitFor(() =>
      expect(
        calls.filter((call) => call.method === 'GET' && call.url.pathname === '/core/api/transfers/1'),
      ).toHaveLength(2),
    );
  });

  it('shows the history with what each entry decided, in the words of every other screen', async () => {
    api((call) =>
      call.url.pathname === '/core/api/transfer-logs/story/7'
        ? json([
            {
              id: 3,
              comment: 'Refusé{}REJECTED{}responsabledesk',
              demandStatus: 'REJECTED',
              createdAt: '2026-03-12T10:00:00Z',
            },
            {
              id: 2,
              comment: 'Exécuté{}VALIDATED{}manager',
              demandStatus: 'VALIDATED',
              createdAt: '2026-03-11T10:00:00Z',
            },
            { id: 1, comment: 'Reçu{}PENDING{}stagiaire', demandStatus: 'PENDING', createdAt: '2026-03-10T10:00:00Z' },
          ])
        : undefined,
    );
    renderRoutes(routes, { path: '/entity/transfer-log/story/7/modal', session: manager });
    const modal = await screen.findByRole('dialog', { name: 'Transfer history' });
    await within(modal).findByText('Exécuté');
    const badges = [...modal.querySelectorAll('[data-status]')].map((badge) => badge.textContent);
    expect(badges).toEqual(['Rejected', 'Validated', 'Pending']);
    expect(within(modal).getByText('responsabledesk')).toBeTruthy();
  });

  it('shows the history page as callout blocks', async () => {
    api((call) =>
      call.url.pathname === '/core/api/transfer-logs/story/7'
        ? json([{ id: 2, comment: 'Exécuté{}VALIDATED{}manager', demandStatus: 'VALIDATED', createdAt: null }])
        : undefined,
    );
    renderRoutes(routes, { path: '/entity/transfer-log/story/7', session: manager });
    const blocks = await screen.findByTestId('history-callouts');
    await within(blocks).findByText('Exécuté');
    expect(within(blocks).getByText('By manager')).toBeTruthy();
    expect(within(blocks).getByText('Validated')).toBeTruthy();
    expect(within(blocks).getByText('—')).toBeTruthy();
  });
});
