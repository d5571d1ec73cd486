// The body of a filtered staff list: loading, error with retry, empty state, the table with one
// cell per column and the row's buttons, the page buttons and the total.
import { Group, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListLayoutControls } from '../../engine/ListParts';
import type { EntityRow } from '../../api/entities';
import { FitTable } from '../../ui/FitTable';
import { ListExport } from '../../ui/ListExport';
import { PagedList } from '../../ui/PagedList';
import type { FilteredList } from './use-filtered-list';

export interface ListColumn {
  /** i18n key of the heading. */
  labelKey: string;
  render(row: EntityRow): ReactNode;
  /** Kept on one line (badges, dates). */
  nowrap?: boolean;
}

interface PagedTableProps {
  list: FilteredList;
  columns: readonly ListColumn[];
  actions(row: EntityRow): ReactNode;
  testId: string;
}

export function PagedTable({ list, columns: all, actions, testId }: PagedTableProps) {
  const { t } = useTranslation();
  // A column is remembered by its heading's key, unique in a list.
  const columns = all.filter((column) => !list.layout.hidden.has(column.labelKey));
  return (
    <PagedList list={list} countTestId="list-total">
      <Group justify="space-between" align="flex-end" gap="md">
        <ListLayoutControls
          layout={list.layout}
          columns={all.map((column) => ({ id: column.labelKey, label: t(column.labelKey) }))}
        />
        <ListExport source={list.source} />
      </Group>
      <FitTable density={list.layout.density}>
        <Table striped highlightOnHover verticalSpacing="xs" data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.labelKey}>{t(column.labelKey)}</Table.Th>
              ))}
              <Table.Th>{t('entity.list.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.rows.map((row) => (
              <Table.Tr key={row.id} data-row-id={row.id}>
                {columns.map((column) => (
                  <Table.Td
                    key={column.labelKey}
                    data-label={t(column.labelKey)}
                    style={column.nowrap ? { whiteSpace: 'nowrap' } : undefined}
                  >
                    {column.render(row)}
                  </Table.Td>
                ))}
                <Table.Td>{actions(row)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </FitTable>
    </PagedList>
  );
}
