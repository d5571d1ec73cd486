// The history table shows the comment's first part as the comment, its third as the author, the
// log's status as a badge and the date as DD/MM/YY HH:mm.
import { entityByName } from '@bank/domain';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../i18n/i18n';
import { HistoryRows } from './HistoryTable';

const source = { logEntity: entityByName('cardOrderlog'), statusField: 'demandStatus', badge: 'cardOrder' as const };

describe('HistoryRows', () => {
  it('splits observation{}STATUS{}author into Commentaires and Auteurs', () => {
    render(
      <MantineProvider>
        <HistoryRows
          source={source}
          rows={[
            {
              id: 2,
              comment: 'Validé après contrôle{}VALIDATED{}manager',
              demandStatus: 'VALIDATED',
              createdAt: '2026-08-11T03:14:05',
            },
            { id: 1, comment: 'ancien commentaire', demandStatus: 'PENDING', createdAt: null },
          ]}
        />
      </MantineProvider>,
    );
    const rows = within(screen.getByTestId('history-table')).getAllByRole('row').slice(1);
    const cells = (index: number) =>
      within(rows[index]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(0)[0]).toBe('Validé après contrôle');
    expect(cells(0)[2]).toBe('11/08/26 03:14');
    expect(cells(0)[3]).toBe('manager');
    expect(rows[0]!.querySelector('[data-status="VALIDATED"]')).not.toBeNull();
    // A comment without the marker is all observation, with no author.
    expect(cells(1)[0]).toBe('ancien commentaire');
    expect(cells(1)[2]).toBe('—');
    expect(cells(1)[3]).toBe('');
  });
});
