// A list's table that fits where it is drawn: wider than its frame, it scrolls inside it (never the
// page); in a narrow frame (a phone, a tablet, a side panel) each row becomes a card whose cells show
// their heading, read from the cell's `data-label`, and the sortable headings stay above as buttons.
// Its rows answer the keyboard (list-keys.ts), and a compact density fits more of them on a screen.
import { Table } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import type { Density } from '../engine/list-layout';
import classes from './FitTable.module.css';
import { onListKeyDown, registerList, rovingRows } from './list-keys';

/**
 * `minWidth`: the width below which the table scrolls inside its frame rather than squeezing its columns.
 * @example <FitTable><Table>…<Table.Td data-label={t('…')}>…</Table.Td>…</Table></FitTable>
 */
export function FitTable({
  minWidth = 0,
  density = 'comfortable',
  children,
}: {
  minWidth?: number;
  density?: Density;
  children: ReactNode;
}) {
  const frame = useRef<HTMLDivElement>(null);
  // After every render: rows come and go with the page, one of them keeps the Tab stop.
  useEffect(() => {
    if (frame.current) rovingRows(frame.current);
  });
  useEffect(registerList, []);
  return (
    <div ref={frame} className={classes.frame} data-density={density} onKeyDown={onListKeyDown}>
      <Table.ScrollContainer minWidth={minWidth} classNames={{ scrollContainerInner: classes.inner }}>
        {children}
      </Table.ScrollContainer>
    </div>
  );
}
