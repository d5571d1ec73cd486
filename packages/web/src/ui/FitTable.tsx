// A list's table that fits where it is drawn: wider than its frame, it scrolls inside it (never the
// page); in a narrow frame (a phone, a tablet, a side panel) each row becomes a card whose cells show
// their heading, read from the cell's `data-label`, and the sortable headings stay above as buttons.
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './FitTable.module.css';

/**
 * `minWidth`: the width below which the table scrolls inside its frame rather than squeezing its columns.
 * @example <FitTable><Table>…<Table.Td data-label={t('…')}>…</Table.Td>…</Table></FitTable>
 */
export function FitTable({ minWidth = 0, children }: { minWidth?: number; children: ReactNode }) {
  return (
    <div className={classes.frame}>
      <Table.ScrollContainer minWidth={minWidth} classNames={{ scrollContainerInner: classes.inner }}>
        {children}
      </Table.ScrollContainer>
    </div>
  );
}
