// A sortable column heading, shared by the generic list and the staff request lists: a button with
// the order's icon, and aria-sort so that screen readers say how the table is sorted.
import { Table, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SortOrder } from './list-url';

export function SortableTh({ label, order, onSort }: { label: string; order: SortOrder | null; onSort(): void }) {
  const { t } = useTranslation();
  const Icon = order === 'asc' ? IconSortAscending : order === 'desc' ? IconSortDescending : IconArrowsSort;
  return (
    <Table.Th scope="col" aria-sort={order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : 'none'}>
      <UnstyledButton
        onClick={onSort}
        fw={700}
        fz="sm"
        // The label may wrap: a long heading over a short value ("Statut de la demande" over a badge) no
        // longer widens its column, so that a list fits 1366 px with its actions.
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4, textAlign: 'start' }}
        aria-label={t('entity.list.sortBy', { column: label })}
      >
        {label}
        <Icon size={14} aria-hidden opacity={order ? 1 : 0.4} style={{ flexShrink: 0 }} />
      </UnstyledButton>
    </Table.Th>
  );
}
