// The history table shows the comment's first part as the comment, its third as the author, what was
// decided as a badge of the one status palette and the date as DD/MM/YY HH:mm.
import { entityByName, workflowOf } from '@bank/domain';
import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../i18n/i18n';
import { HistoryRows } from './HistoryTable';

const sourceOf = (request: string) => {
  const workflow = workflowOf(request)!;
  return { logEntity: entityByName(workflow.log.entity), statusField: workflow.log.status, workflow };
};
const source = sourceOf('cardOrder');
/** Each row's badge: its word and its colour. */
const badges = () =>
  [...screen.getByTestId('history-table').querySelectorAll<HTMLElement>('[data-status]')].map((badge) => [
    badge.textContent,
    badge.style.getPropertyValue('--badge-bg'),
  ]);

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

  it('says what was decided: a rejected checkbook reads Rejected in red, not the log’s Done', () => {
    render(
      <MantineProvider>
        <HistoryRows
          source={sourceOf('checkbookOrder')}
          rows={[
            { id: 2, comment: 'Pièces manquantes{}REJECTED{}manager', demandStatus: 'DONE', createdAt: null },
            { id: 1, comment: 'Reçu{}IN_PROGRESS{}manager', demandStatus: 'IN_PROGRESS', createdAt: null },
          ]}
        />
      </MantineProvider>,
    );
    expect(badges()).toEqual([
      ['Rejected', 'var(--mantine-color-red-filled)'],
      ['In progress', 'var(--mantine-color-blue-filled)'],
    ]);
  });

  it('reads a first four-eyes validation as 1st validation 1/2, the second as Validated', () => {
    render(
      <MantineProvider>
        <HistoryRows
          source={sourceOf('transfer')}
          rows={[
            { id: 3, comment: 'Second contrôle{}VALIDATED{}desk', demandStatus: 'VALIDATED', createdAt: null },
            { id: 2, comment: 'Premier contrôle{}VALIDATED{}manager', demandStatus: 'PENDING', createdAt: null },
            { id: 1, comment: 'Pièce demandée{}PENDING{}manager', demandStatus: 'PENDING', createdAt: null },
          ]}
        />
      </MantineProvider>,
    );
    expect(badges().map(([word]) => word)).toEqual(['Validated', '1st validation 1/2', 'Pending']);
  });
});
