// A staff list's cells as issue 22 wants them read: empty dates as « — » except on the card requests list
// (00/00/00 00:00, spec part 1 §2.9), provision amounts spaced and in XOF, the cash beneficiary's client by its code.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EntityRow } from '../../api/entities';
import { renderRoutes } from '../../test/render';
import { RequestCell } from './RequestCell';
import { requestTypeByRoute, type Column } from './request-types';

/** The text of each of the type's list columns (or facts) for `row`, by the column's field name. */
function cells(route: string, row: EntityRow, part: 'columns' | 'facts' = 'columns') {
  const type = requestTypeByRoute(route)!;
  const named = type[part].filter((column): column is Extract<Column, { kind: 'field' }> => column.kind === 'field');
  renderRoutes([
    {
      path: '/',
      element: (
        <dl>
          {named.map((column) => (
            <div key={column.name} data-testid={column.name}>
              <RequestCell type={type} column={column} row={row} />
            </div>
          ))}
        </dl>
      ),
    },
  ]);
  return (name: string) => screen.getByTestId(name).textContent;
}

describe('request cells', () => {
  it('shows an empty date-time as 00/00/00 00:00 on the card requests list only', async () => {
    const card = cells('card-order', { id: 1, createdAt: '2026-03-01T10:30:00', updatedAt: null });
    expect(await screen.findByTestId('updatedAt')).toBeTruthy();
    expect(card('createdAt')).toBe('01/03/26 10:30');
    expect(card('updatedAt')).toBe('00/00/00 00:00');
  });

  it('shows an empty date-time as « — » elsewhere', async () => {
    const provision = cells('provision-cash', { id: 1, executionDate: null, createdAt: '2026-03-01T10:30:00' });
    expect(await screen.findByTestId('executionDate')).toBeTruthy();
    expect(provision('executionDate')).toBe('—');
  });

  it('shows a provision amount with spaces and its currency', async () => {
    const provision = cells('provision-cash', { id: 1, amount: '1500000.5' });
    expect(await screen.findByTestId('amount')).toBeTruthy();
    expect(provision('amount')).toBe('1 500 000,50 XOF');
  });

  it('names the cash beneficiary’s client by its code, not by its internal id', async () => {
    const row = { id: 1, clientId: 42, clientCode: 'CLI-000123', clientName: 'Awa Diop' };
    const list = cells('beneficiary-cash', row);
    expect(await screen.findByTestId('clientCode')).toBeTruthy();
    expect(list('clientCode')).toBe('CLI-000123');
  });

  it('gives the code and the name in the cash beneficiary’s decision form', async () => {
    const facts = cells(
      'beneficiary-cash',
      { id: 1, clientId: 42, clientCode: 'CLI-000123', clientName: 'Awa Diop' },
      'facts',
    );
    expect(await screen.findByTestId('clientCode')).toBeTruthy();
    expect(facts('clientCode')).toBe('CLI-000123Awa Diop');
  });
});
