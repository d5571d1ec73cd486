// The pack selector of a subscription: each visible pack with its label and its price in XOF
// (hidden packs are left out by the query, DESIGN.md §5).
import { formatXof } from '@bank/domain';
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { subscriptionQueries } from '../../api/subscriptions';

interface PackSelectProps {
  value: string | null;
  onChange(value: string | null): void;
  label: string;
  error?: string | undefined;
  required?: boolean;
  disabled?: boolean;
  /** The pack already chosen, kept as an option even when it is hidden now. */
  current?: { id: number; label: string } | null;
}

/** `Pack Essentiel · 5 000 XOF` */
export const packOptionLabel = (label: unknown, price: unknown) =>
  `${String(label ?? '')} · ${formatXof(price as string | number | null)}`;

export function PackSelect({ value, onChange, label, error, required, disabled, current }: PackSelectProps) {
  const { t } = useTranslation();
  const packs = useQuery(subscriptionQueries.selectablePacks());
  const data = (packs.data ?? []).map((pack) => ({
    value: String(pack.id),
    label: packOptionLabel(pack.label, pack.price),
  }));
  if (current && !data.some((option) => option.value === String(current.id)))
    data.unshift({ value: String(current.id), label: current.label });
  return (
    <Select
      label={label}
      data={data}
      value={value}
      onChange={onChange}
      error={error}
      required={required}
      disabled={disabled}
      allowDeselect={false}
      placeholder={packs.isPending ? t('entity.list.loading') : undefined}
      nothingFoundMessage={t('entity.list.empty')}
      maw={420}
      data-testid="pack-select"
    />
  );
}
