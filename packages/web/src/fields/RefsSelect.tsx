// A searchable multi-select of linked rows (many-to-many): options from the target's search page by
// page; the chosen rows keep the labels the API sent with them.
import { entityByName } from '@bank/domain';
import { MultiSelect } from '@mantine/core';
import type { InputProps, RefItem } from './types';
import { useRefSearch } from './use-ref-options';

export function RefsSelect({ field, value, onChange, label, error, required, disabled }: InputProps<RefItem[]>) {
  const target = entityByName(field.ref!);
  const { options, selectProps } = useRefSearch(target);
  const known = new Map<number, RefItem>(value.map((item) => [item.id, item]));
  for (const row of options.rows) {
    const text = target.label === 'id' ? null : row[target.label];
    if (!known.has(row.id))
      known.set(row.id, { id: row.id, label: text === null || text === undefined ? null : String(text) });
  }
  const data = [...known.values()].map((item) => ({
    value: item.id,
    label: item.label ? `#${item.id} · ${item.label}` : `#${item.id}`,
  }));

  return (
    <MultiSelect<number>
      {...selectProps}
      label={label}
      data={data}
      value={value.map((item) => item.id)}
      onChange={(ids) => onChange(ids.map((id) => known.get(id) ?? { id }))}
      error={error}
      required={required}
      disabled={disabled}
      clearable={!required}
      maw={560}
    />
  );
}
