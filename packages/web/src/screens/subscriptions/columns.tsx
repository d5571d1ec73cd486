// Columns of the subscription lists: a declared field through the field registry's cell (dates,
// enums, amounts in XOF), a joined field as text, the client as name and code.
import type { Entity } from '@bank/domain';
import { Stack, Text } from '@mantine/core';
import type { EntityRow } from '../../api/entities';
import { fieldView } from '../../fields/field-registry';
import type { ListColumn } from './PagedTable';

/** A declared field of `entity`, or one of its joined fields (`entities.<entity>.fields.<name>` either way). */
export function fieldColumn(entity: Entity, name: string, labelKey?: string): ListColumn {
  const field = entity.field(name);
  return {
    labelKey: labelKey ?? field?.labelKey ?? `entities.${entity.name}.fields.${name}`,
    render: (row: EntityRow) => {
      if (!field) return row[name] === null || row[name] === undefined ? null : String(row[name]);
      const { Cell } = fieldView(field);
      return <Cell field={field} value={row[name]} row={row} />;
    },
  };
}

/** Two fields in one column, the second under the first in small grey text. */
export function stackedColumn(entity: Entity, name: string, second: string, labelKey: string): ListColumn {
  const top = fieldColumn(entity, name);
  const bottom = fieldColumn(entity, second);
  return {
    labelKey,
    render: (row: EntityRow) => (
      <Stack gap={0}>
        <Text size="sm" component="div">
          {top.render(row)}
        </Text>
        <Text size="xs" c="dimmed" component="div">
          {bottom.render(row)}
        </Text>
      </Stack>
    ),
  };
}

export const clientColumn: ListColumn = {
  labelKey: 'manager.columns.client',
  render: (row) => (
    <Stack gap={0}>
      <Text size="sm">{String(row.clientName ?? '')}</Text>
      <Text size="xs" c="dimmed">
        {String(row.clientCode ?? '')}
      </Text>
    </Stack>
  ),
};
