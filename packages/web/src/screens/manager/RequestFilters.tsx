// A staff list's filters, as its request type declares them (beneficiaries: part 1 §2.14; transfers:
// part 2 §2.3): text or date inputs (the status is the list's own filter, StatusFilter.tsx); search runs
// whatever is filled, reset clears them all.
import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListFilterValues } from '../../api/manager';
import { DateField } from '../../fields/DateField';
import type { ListFilter } from './request-types';

function FilterInput({
  filter,
  value,
  onChange,
}: {
  filter: ListFilter;
  value: string;
  onChange(value: string): void;
}) {
  const { t } = useTranslation();
  if (filter.input === 'date') return <DateField label={t(filter.labelKey)} value={value} onChange={onChange} />;
  return (
    <TextInput label={t(filter.labelKey)} value={value} onChange={(event) => onChange(event.currentTarget.value)} />
  );
}

/** What the filters need of the list: its applied values and the way to apply new ones. */
export interface FilteredList {
  filters: ListFilterValues;
  applyFilters(values: ListFilterValues): void;
}

export function RequestFilters({ filters, list }: { filters: readonly ListFilter[]; list: FilteredList }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ListFilterValues>(list.filters);
  const empty = Object.fromEntries(filters.map((filter) => [filter.name, '']));
  return (
    <form
      role="search"
      data-list-filter
      onSubmit={(event) => {
        event.preventDefault();
        list.applyFilters(draft);
      }}
    >
      <Group align="flex-end" gap="sm">
        {filters.map((filter) => (
          <FilterInput
            key={filter.name}
            filter={filter}
            value={draft[filter.name] ?? ''}
            onChange={(value) => setDraft((current) => ({ ...current, [filter.name]: value }))}
          />
        ))}
        <Button type="submit">{t('manager.filters.search')}</Button>
        <Button
          variant="default"
          onClick={() => {
            setDraft(empty);
            list.applyFilters(empty);
          }}
        >
          {t('manager.filters.reset')}
        </Button>
      </Group>
    </form>
  );
}
