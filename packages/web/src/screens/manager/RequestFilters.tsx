// The beneficiary list's four filters (spec part 1 §2.14): client reference, beneficiary name,
// beneficiary RIB and state; search runs whatever is filled, reset clears them all.
import { ENUMS } from '@bank/domain';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BeneficiaryFilters } from '../../api/manager';
import { BENEFICIARY_FILTERS, type RequestListController } from './use-request-list';

const EMPTY: BeneficiaryFilters = { reference: '', name: '', rib: '', type: '' };

export function RequestFilters({ list }: { list: RequestListController }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<BeneficiaryFilters>(list.filters);
  const set = (name: keyof BeneficiaryFilters) => (value: string | null) =>
    setDraft((current) => ({ ...current, [name]: value ?? '' }));
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        list.applyFilters(draft);
      }}
    >
      <Group align="flex-end" gap="sm">
        {BENEFICIARY_FILTERS.filter((name) => name !== 'type').map((name) => (
          <TextInput
            key={name}
            label={t(`manager.filters.${name}`)}
            value={draft[name]}
            onChange={(event) => set(name)(event.currentTarget.value)}
          />
        ))}
        <Select
          label={t('manager.filters.state')}
          value={draft.type || null}
          onChange={set('type')}
          clearable
          data={ENUMS.beneficiaryStatus.values.map((value) => ({
            value,
            label: t(`enums.beneficiaryStatus.${value}`),
          }))}
        />
        <Button type="submit">{t('manager.filters.search')}</Button>
        <Button
          variant="default"
          onClick={() => {
            setDraft(EMPTY);
            list.applyFilters(EMPTY);
          }}
        >
          {t('manager.filters.reset')}
        </Button>
      </Group>
    </form>
  );
}
