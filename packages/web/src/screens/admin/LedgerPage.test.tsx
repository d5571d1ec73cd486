import { ROLES } from '@bank/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LedgerReport } from '../../api/types';
import { routes } from '../../app/routes';
import { account, json, renderRoutes, stubFetch } from '../../test/render';

const report = (broken: boolean): LedgerReport => ({
  balanced: !broken,
  checkedAt: '2026-11-29T02:30:00.000Z',
  ms: 42,
  checks: [
    {
      key: 'entriesBalanced',
      name: 'every entry has two postings or more that sum to zero',
      ok: true,
      figures: { entries: 1200, broken: 0, postings: 2400, sumOfAllPostings: '0' },
      broken: [],
    },
    {
      key: 'blockedNotHolds',
      name: 'each account’s blocked amount equals its open holds',
      ok: !broken,
      figures: { accounts: 300, broken: broken ? 1 : 0, sumOfHolds: '1500000' },
      broken: broken ? [{ id: 76, blocked: '0', held: '130500' }] : [],
    },
  ],
  internalAccounts: [{ code: 'clearing.outgoing', kind: 'clearing', name: 'Virements émis', balance: '17810000' }],
});

function serve(...answers: LedgerReport[]) {
  const stub = stubFetch({ 'GET /management/ledger': () => json(answers.shift()) });
  vi.stubGlobal('fetch', stub.fetchStub);
  return stub;
}

describe('the books page', () => {
  it('says the books are balanced, with each check, its figures and the bank’s own accounts', async () => {
    serve(report(false));
    renderRoutes(routes, { path: '/admin/ledger', session: account('admin', [ROLES.ADMIN, ROLES.USER]) });
    expect((await screen.findByTestId('ledger-status')).textContent).toContain('Balanced');
    const holds = screen.getByTestId('ledger-check-blockedNotHolds');
    expect(holds.textContent).toContain("Each account's blocked amount equals its open holds");
    expect(holds.textContent).toContain('OK');
    expect(holds.textContent).toContain('sum of holds: 1 500 000 XOF');
    expect(within(screen.getByTestId('ledger-internal-accounts')).getByText('17 810 000 XOF')).toBeTruthy();
  });

  it('shows a broken check and its first rows, and checks again when asked', async () => {
    const stub = serve(report(true), report(false));
    renderRoutes(routes, { path: '/admin/ledger', session: account('admin', [ROLES.ADMIN, ROLES.USER]) });
    expect((await screen.findByTestId('ledger-status')).textContent).toContain('Unbalanced');
    const holds = screen.getByTestId('ledger-check-blockedNotHolds');
    expect(holds.textContent).toContain('BROKEN');
    expect(holds.textContent).toContain('"held":"130500"');
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Balanced')).toBeTruthy();
    expect(stub.calls.filter((call) => call.url.includes('management/ledger'))).toHaveLength(2);
  });
});
