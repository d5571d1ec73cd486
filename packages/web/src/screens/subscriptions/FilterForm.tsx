// The filter row of a subscription list: text inputs and one select, 'Rechercher' applies whatever
// is filled, 'Réinitialiser' clears them all and loads the plain list.
import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconSearch, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListFilters } from '../../api/subscriptions';

export interface FilterDef {
  name: string;
  /** i18n key of the label. */
  labelKey: string;
  /** A select of these values (labels `enums.<enumName>.<value>`); a text input otherwise. */
  options?: { enumName: string; values: readonly string[] };
}

interface FilterFormProps {
  defs: readonly FilterDef[];
  applied: ListFilters;
  onApply(filters: ListFilters): void;
}

export function FilterForm({ defs, applied, onApply }: FilterFormProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<ListFilters>(applied);
  const set = (name: string, value: string | null) => setDraft((current) => ({ ...current, [name]: value ?? '' }));
  const empty: ListFilters = Object.fromEntries(defs.map((def) => [def.name, '']));
  return (
    <form
      role="search"
      data-list-filter
      onSubmit={(event) => {
        event.preventDefault();
        onApply(draft);
      }}
    >
      <Group align="flex-end" gap="sm">
        {defs.map((def) =>
          def.options ? (
            <Select
              key={def.name}
              label={t(def.labelKey)}
              value={draft[def.name] || null}
              onChange={(value) => set(def.name, value)}
              clearable
              w={180}
              data={def.options.values.map((value) => ({
                value,
                label: t(`enums.${def.options!.enumName}.${value}`),
              }))}
            />
          ) : (
            <TextInput
              key={def.name}
              label={t(def.labelKey)}
              value={draft[def.name] ?? ''}
              onChange={(event) => set(def.name, event.currentTarget.value)}
              w={180}
            />
          ),
        )}
        <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
          {t('manager.filters.search')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconX size={16} aria-hidden />}
          onClick={() => {
            setDraft(empty);
            onApply(empty);
          }}
        >
          {t('manager.filters.reset')}
        </Button>
      </Group>
    </form>
  );
}
