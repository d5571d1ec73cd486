// A table row's action buttons, one above the other at the row's end: side by side they made the actions
// column the widest of the row, and at 1366 px the lists scrolled sideways with their actions cut off.
// On a row shown as a card (FitTable) they sit side by side across its foot.
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './FitTable.module.css';

export function RowActionStack({ children }: { children: ReactNode }) {
  return (
    <Stack gap={4} align="stretch" className={classes.rowActions}>
      {children}
    </Stack>
  );
}
