// A searchable multi-select of linked rows (many-to-many): options from the target's search page by
// page; the chosen rows keep the labels the API sent with them.
import { entityByName } from '@bank/domain';
import { Loader, MultiSelect } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverFiltered } from './RefSelect';
import type { InputProps, RefItem } from './types';
import { useRefOptions } from './use-ref-options';

export function RefsSelect({ field, value, onChange, label, error, required, disabled }: InputProps<RefItem[]>) {
  const { t } = useTranslation();
  const target = entityByName(field.ref!);
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const options = useRefOptions(target, search, open);
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
      label={label}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      data={data}
      value={value.map((item) => item.id)}
      onChange={(ids) => onChange(ids.map((id) => known.get(id) ?? { id }))}
      filter={serverFiltered}
      onDropdownOpen={() => setOpen(true)}
      onDropdownClose={() => setOpen(false)}
      scrollAreaProps={{ onBottomReached: options.loadMore }}
      maxDropdownHeight={280}
      nothingFoundMessage={options.loading ? t('entity.list.loading') : t('entity.list.empty')}
      rightSection={options.loading ? <Loader size={16} /> : undefined}
      error={error}
      required={required}
      disabled={disabled}
      clearable={!required}
      maw={560}
    />
  );
}
