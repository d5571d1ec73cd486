// The list's table: sortable headers (buttons with aria-sort), one cell per field through the
// registry, and the row's view / edit / delete buttons as the user's access allows.
import { ActionIcon, Anchor, Group, Table, VisuallyHidden } from '@mantine/core';
import { IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { EntityRow } from '../api/entities';
import { fieldView } from '../fields/field-registry';
import { FitTable } from '../ui/FitTable';
import { isSortable } from './list-url';
import { SortableTh } from './SortableTh';
import type { EntityList } from './use-entity-list';
import classes from './EntityTable.module.css';
import { useEntityPaths } from './use-entity-route';

function SortHeader({ list, name, label }: { list: EntityList; name: string; label: string }) {
  if (list.entity.paging === 'none' || !isSortable(list.entity, name)) {
    return <Table.Th scope="col">{label}</Table.Th>;
  }
  const order = list.sort?.field === name ? list.sort.order : null;
  return <SortableTh label={label} order={order} onSort={() => list.toggleSort(name)} />;
}

function RowActions({ list, row }: { list: EntityList; row: EntityRow }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const paths = useEntityPaths(list.entity);
  const action = (label: string, to: string, Icon: typeof IconEye, color: string) => (
    // A native title rather than Mantine's Tooltip, whose floating-ui parts would grow the sign-in bundle.
    <ActionIcon component={Link} to={to} variant="light" color={color} aria-label={`${label} ${row.id}`} title={label}>
      <Icon size={16} aria-hidden />
    </ActionIcon>
  );
  return (
    <Group gap={6} wrap="nowrap" justify="flex-end">
      {action(t('entity.action.view'), paths.view(row.id), IconEye, 'blue')}
      {list.access.update && action(t('entity.action.edit'), paths.edit(row.id), IconPencil, 'indigo')}
      {list.access.delete && action(t('entity.action.delete'), `${paths.remove(row.id)}${search}`, IconTrash, 'red')}
    </Group>
  );
}

export function EntityTable({ list }: { list: EntityList }) {
  const { t } = useTranslation();
  const paths = useEntityPaths(list.entity);
  return (
    // Many columns scroll inside the frame, the actions column staying in view (sticky).
    <FitTable minWidth={Math.min(1600, 200 + list.columns.length * 110)} density={list.layout.density}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="entity-table">
        <Table.Thead>
          <Table.Tr className={classes.row}>
            <SortHeader list={list} name="id" label={t('entity.field.id')} />
            {list.columns.map((field) => (
              <SortHeader key={field.name} list={list} name={field.name} label={t(field.labelKey)} />
            ))}
            <Table.Th scope="col" className={classes.actions}>
              <VisuallyHidden>{t('entity.list.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.rows.map((row) => (
            <Table.Tr key={row.id} className={classes.row}>
              <Table.Td data-label={t('entity.field.id')}>
                <Anchor component={Link} to={paths.view(row.id)} size="sm" data-row-open>
                  {row.id}
                </Anchor>
              </Table.Td>
              {list.columns.map((field) => {
                const { Cell } = fieldView(field);
                return (
                  <Table.Td key={field.name} data-label={t(field.labelKey)}>
                    <Cell field={field} value={row[field.name]} row={row} />
                  </Table.Td>
                );
              })}
              <Table.Td className={classes.actions}>
                <RowActions list={list} row={row} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </FitTable>
  );
}
