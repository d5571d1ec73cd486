// A searchable select of one linked row: `#id · label` options from the target's search, page by
// page; the current value's label comes from GET {id}.
import { entityByName } from '@bank/domain';
import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { entityQueries } from '../api/entities';
import { optionLabel } from './cells';
import type { InputProps } from './types';
import { useRefSearch } from './use-ref-options';

export function RefSelect({ field, value, onChange, label, error, required, disabled }: InputProps<number | null>) {
  const target = entityByName(field.ref!);
  // A row picked from the options is named at once; a value the form came with is named by GET {id}.
  const [picked, setPicked] = useState<{ id: number; label: string } | null>(null);
  const known = picked !== null && picked.id === value;
  const current = useQuery({ ...entityQueries(target).label(value ?? 0), enabled: value !== null && !known });
  const currentLabel =
    value === null ? '' : known ? picked.label : current.data ? optionLabel(target, current.data) : `#${value}`;
  // The box shows the chosen row's label once chosen, or its bare id until the label arrives: only other
  // text is a search (the bare id taken for one would hide the label when it came).
  const searchOf = (text: string) => (text === currentLabel || (value !== null && text === `#${value}`) ? '' : text);
  const { search, options, selectProps } = useRefSearch(target, searchOf);
  const typed = searchOf(search);
  // While searching, only matches are offered (Mantine keeps the chosen row's label on its own).
  const data = new Map<number, string>(value === null || typed !== '' ? [] : [[value, currentLabel]]);
  for (const row of options.rows) if (!data.has(row.id)) data.set(row.id, optionLabel(target, row));

  return (
    <Select<number>
      {...selectProps}
      label={label}
      data={[...data].map(([id, text]) => ({ value: id, label: text }))}
      value={value}
      onChange={(next, option) => {
        setPicked(next === null ? null : { id: next, label: option?.label ?? `#${next}` });
        onChange(next);
      }}
      error={error}
      required={required}
      disabled={disabled}
      clearable={!required}
      maw={420}
    />
  );
}
