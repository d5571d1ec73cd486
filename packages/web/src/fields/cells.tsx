// How a value reads in a list cell and in a detail page, per kind of field.
import { entityByName, formatDate, formatDateTime, formatXof, type Entity } from '@bank/domain';
import { Anchor, Image, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { entityQueries, type EntityRow } from '../api/entities';
import { CodeLabel } from '../ui/CodeLabel';
import type { RefItem, ValueProps } from './types';

/** Thumbnails in lists and details (spec part 1 §9). */
export const THUMBNAIL_HEIGHT = 30;

const present = (value: unknown) => value !== null && value !== undefined && value !== '';

/**
 * Long texts take at most two lines in a list, cut with an ellipsis; the whole text is in the title (a
 * tooltip) and on the detail page. Words break only where they must, so a column keeps its longest word.
 */
function TwoLines({ text }: { text: string }) {
  return (
    <Text span size="sm" lineClamp={2} maw={260} title={text} style={{ overflowWrap: 'break-word' }}>
      {text}
    </Text>
  );
}

export function TextCell({ field, value }: ValueProps) {
  if (present(value) && field.codes) return <CodeLabel group={`codes.${field.codes}`} code={String(value)} />;
  return present(value) ? <TwoLines text={String(value)} /> : null;
}

export function TextDisplay({ field, value }: ValueProps) {
  if (present(value) && field.codes) return <CodeLabel group={`codes.${field.codes}`} code={String(value)} />;
  return present(value) ? (
    <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{String(value)}</span>
  ) : null;
}

/** Exact decimals come with the column's scale ('14.67080000'): the trailing zeros say nothing. */
const trimZeros = (text: string) => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);

export function NumberCell({ value }: ValueProps) {
  return present(value) ? <span style={{ fontVariantNumeric: 'tabular-nums' }}>{trimZeros(String(value))}</span> : null;
}

export function MoneyCell({ value }: ValueProps) {
  return present(value) ? (
    <span style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{formatXof(value as string)}</span>
  ) : null;
}

export function BoolCell({ value }: ValueProps) {
  const { t } = useTranslation();
  return <>{value === true ? t('entity.value.yes') : t('entity.value.no')}</>;
}

export function DateCell({ value }: ValueProps) {
  return <>{formatDate(value as string | null)}</>;
}

/** An empty date-time reads « — » (issue 22: clearer than the spec's zeros, kept on the card requests list). */
export function DateTimeCell({ value }: ValueProps) {
  return <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(value as string | null)}</span>;
}

export function EnumCell({ field, value }: ValueProps) {
  const { t } = useTranslation();
  if (!present(value)) return null;
  return <>{t(`enums.${field.enum}.${String(value)}`, { defaultValue: String(value) })}</>;
}

function refId(value: unknown): number | null {
  const id = value !== null && typeof value === 'object' ? (value as { id?: unknown }).id : value;
  return typeof id === 'number' ? id : null;
}

/** A row of a linked entity as people name it: `#12 · Dakar Plateau` (its label field), else `#12`. */
export function optionLabel(target: Entity, row: EntityRow): string {
  const label = target.label === 'id' ? null : row[target.label];
  return present(label) ? `#${row.id} · ${String(label)}` : `#${row.id}`;
}

/** Lists show the linked row as a link: its joined name where declared, else its id (no query per row). */
export function RefCell({ field, value, row }: ValueProps) {
  const id = refId(value);
  if (id === null) return null;
  const name = field.labelFrom ? row[field.labelFrom] : null;
  return (
    <Anchor component={Link} to={`/entity/${entityByName(field.ref!).route}/${id}`} fz="inherit">
      {present(name) ? String(name) : id}
    </Anchor>
  );
}

/** A detail page names the linked row too. */
export function RefDisplay({ field, value }: ValueProps) {
  const id = refId(value);
  const target = entityByName(field.ref!);
  const linked = useQuery({ ...entityQueries(target).label(id ?? 0), enabled: id !== null && target.label !== 'id' });
  if (id === null) return null;
  return (
    <Anchor component={Link} to={`/entity/${target.route}/${id}`} fz="inherit">
      {linked.data ? optionLabel(target, linked.data) : `#${id}`}
    </Anchor>
  );
}

const joinLabels = (value: unknown) =>
  (Array.isArray(value) ? (value as RefItem[]) : []).map((item) => item.label ?? `#${item.id}`).join(', ');

export function RefsCell({ value }: ValueProps) {
  const text = joinLabels(value);
  return text ? <TwoLines text={text} /> : null;
}

export function RefsDisplay({ value }: ValueProps) {
  return <>{joinLabels(value)}</>;
}

export function ImageCell({ field, value, row }: ValueProps) {
  const { t } = useTranslation();
  if (!present(value)) return null;
  const type = String(row[`${field.name}ContentType`] ?? 'image/png');
  return (
    <Image
      src={`data:${type};base64,${String(value)}`}
      h={THUMBNAIL_HEIGHT}
      w="auto"
      fit="contain"
      alt={t(field.labelKey)}
      style={{ display: 'inline-block' }}
    />
  );
}

/** Written only: nothing to show. */
export function SecretCell() {
  return null;
}

export function SecretDisplay() {
  const { t } = useTranslation();
  return (
    <Text span c="dimmed" fs="italic">
      {t('entity.detail.secret')}
    </Text>
  );
}
