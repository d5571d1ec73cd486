// One column or read-only fact of a request row: the client as name and code, the status badge,
// a date-time (a dash when empty, or zeros where the spec asks), an amount in XOF, an enum label, or the field's text.
import {
  EMPTY_DATE_TIME,
  formatDate,
  formatDateTime,
  formatXof,
  truncateAccountNumber,
  type FieldKind,
} from '@bank/domain';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EntityRow } from '../../api/entities';
import { fieldView } from '../../fields/field-registry';
import { StatusBadge } from '../../workflow/StatusBadge';
import type { Column, RequestType, ValueFormat } from './request-types';

/** Kinds shown by the field registry's cell (linked rows, lists of them). */
const REGISTRY_KINDS: ReadonlySet<FieldKind> = new Set(['ref', 'refs']);

/** The i18n key of a column's heading. */
export function columnLabelKey(type: RequestType, column: Column): string {
  if (column.kind === 'client') return 'manager.columns.client';
  if (column.kind === 'status') return type.entity.field(type.workflow.status)!.labelKey;
  return column.labelKey ?? type.entity.field(column.name)?.labelKey ?? `manager.columns.${column.name}`;
}

function FieldText({
  type,
  name,
  row,
  format,
}: {
  type: RequestType;
  name: string;
  row: EntityRow;
  format?: ValueFormat;
}) {
  const { t } = useTranslation();
  const field = type.entity.field(name);
  const value = row[name];
  if (field?.kind === 'dateTime') {
    const empty = format === 'zeros' ? EMPTY_DATE_TIME : undefined;
    return <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(value as string | null, empty)}</span>;
  }
  if (field?.kind === 'date') return <>{formatDate(value as string | null)}</>;
  if (value === null || value === undefined || value === '')
    return format === 'filer' ? <>{t('manager.form.customerChannel')}</> : null;
  if (format === 'short') return <span title={String(value)}>{truncateAccountNumber(String(value))}</span>;
  if (field && REGISTRY_KINDS.has(field.kind)) {
    const { Cell } = fieldView(field);
    return <Cell field={field} value={value} row={row} />;
  }
  if (field?.kind === 'money') return <span style={{ whiteSpace: 'nowrap' }}>{formatXof(value as string)}</span>;
  if (field?.kind === 'enum') return <>{t(`enums.${field.enum}.${String(value)}`, { defaultValue: String(value) })}</>;
  return <>{String(value)}</>;
}

export function RequestCell({ type, column, row }: { type: RequestType; column: Column; row: EntityRow }) {
  if (column.kind === 'status') return <StatusBadge status={row[type.workflow.status]} />;
  if (column.kind === 'client') {
    return (
      <Stack gap={0}>
        <Text size="sm">{String(row.clientName ?? '')}</Text>
        <Text size="xs" c="dimmed">
          {String(row.clientCode ?? '')}
        </Text>
      </Stack>
    );
  }
  if (!column.second) return <FieldText type={type} name={column.name} row={row} format={column.format} />;
  return (
    <Stack gap={0}>
      <Text size="sm">
        <FieldText type={type} name={column.name} row={row} format={column.format} />
      </Text>
      <Text size="xs" c="dimmed">
        <FieldText type={type} name={column.second} row={row} />
      </Text>
    </Stack>
  );
}
