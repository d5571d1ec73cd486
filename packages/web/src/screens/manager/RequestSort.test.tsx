// Sortable headings of the staff request lists: each heading sorts by the field it shows (own or
// joined), the order is kept in the address and sent to the server, and at most five page buttons.
import { ROLES } from '@bank/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeEntityApi } from '../../test/entity-routes';
import { account, renderRoutes } from '../../test/render';
import { columnLabelKey } from './RequestCell';
import { readRequestSort, sortKeyOf } from './request-sort';
import { REQUEST_TYPES, requestTypeByRoute } from './request-types';
import { RequestListPage } from './RequestListPage';

const beneficiary = (id: number) => ({
  id,
  version: 0,
  firstName: `Prénom ${id}`,
  lastName: `Nom ${id}`,
  createdAt: '2026-11-19T18:34:00Z',
  status: 'PENDING',
});

describe('sortable request lists', () => {
  it('sort every field column by the field it shows, and the status by the status field', () => {
    for (const type of REQUEST_TYPES) {
      for (const column of type.columns) {
        const key = sortKeyOf(type, column);
        if (column.kind === 'field') expect(key, `${type.key}.${column.name}`).toBe(column.name);
        if (column.kind === 'status') expect(key).toBe(type.workflow.status);
      }
    }
    const cash = requestTypeByRoute('beneficiary-cash')!;
    // The original swapped these two headings over their keys: here each heading is its own field's label.
    for (const name of ['firstName', 'lastName']) {
      const column = cash.columns.find((c) => c.kind === 'field' && c.name === name)!;
      expect(columnLabelKey(cash, column)).toBe(cash.entity.field(name)!.labelKey);
    }
    expect(readRequestSort(cash, 'lastName,desc')).toEqual({ field: 'lastName', order: 'desc' });
    expect(readRequestSort(cash, 'codeotp,asc')).toBeNull();
  });

  it(
    'sorts by a clicked heading, flips it on a second click, and shows five page buttons',
    { timeout: 60_000 },
    async () => {
      const api = fakeEntityApi(300, beneficiary);
      vi.stubGlobal('fetch', api.fetchStub);
      const { router } = renderRoutes([{ path: '/entity/:route/view/manager', element: <RequestListPage /> }], {
        // All of them: the agent's own list opens on the work queue, oldest first.
        path: '/entity/beneficiary-cash/view/manager?status=all&page=8',
        session: account('agentca', [ROLES.AGENTCA]),
      });
      const table = await screen.findByTestId('request-table');
      expect(api.lastList().searchParams.getAll('sort')).toEqual(['createdAt,desc', 'id,desc']);
      const pages = screen.getAllByRole('button', { name: /^Page \d+$/ });
      expect(pages.map((b) => b.textContent)).toEqual(['6', '7', '8', '9', '10']);

      fireEvent.click(within(table).getByRole('button', { name: /First name/ }));
      await waitFor(() => expect(api.lastList().searchParams.getAll('sort')).toEqual(['firstName,asc']));
      expect(router.state.location.search).toContain('sort=firstName%2Casc');
      expect(router.state.location.search).toContain('page=1');
      const heading = within(await screen.findByTestId('request-table')).getByRole('columnheader', {
        name: /First name/,
      });
      expect(heading.getAttribute('aria-sort')).toBe('ascending');

      fireEvent.click(within(heading).getByRole('button'));
      await waitFor(() => expect(api.lastList().searchParams.getAll('sort')).toEqual(['firstName,desc']));
      expect(
        within(screen.getByTestId('request-table'))
          .getByRole('columnheader', { name: /Last name/ })
          .getAttribute('aria-sort'),
      ).toBe('none');
    },
  );
});
