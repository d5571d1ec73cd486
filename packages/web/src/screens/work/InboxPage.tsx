// /work/inbox « À décider » (issue 38): every request awaiting the user's decision across the types they
// decide, second validations included (the server leaves out what they filed or first-approved), filtered
// by type, maker, amount and age (kept in the address), oldest first; rows ticked for a bulk decision.
import { formatDateTime, formatXof, workQueuesOf, type WorkInboxRow } from '@bank/domain';
import { Anchor, Badge, Button, Checkbox, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../api/entities';
import { inboxQuery, type InboxFilters } from '../../api/work';
import { useSession } from '../../auth/use-session';
import { FitTable } from '../../ui/FitTable';
import { PagedList } from '../../ui/PagedList';
import { PageTitle } from '../../ui/PageTitle';
import { BulkDecisionBar } from '../../workflow/BulkDecisionBar';
import { StatusBadge } from '../../workflow/StatusBadge';
import { waitedFor } from '../home/work-age';
import { workScreens } from '../home/work-links';

const FILTERS = ['type', 'maker', 'minAmount', 'maxAmount', 'olderThanHours', 'second'] as const;
/** The ages offered, in hours: a day, three, a week. */
const AGES = ['24', '72', '168'];

const keyOf = (row: Pick<WorkInboxRow, 'entity' | 'id'>) => `${row.entity}:${row.id}`;

function readFilters(params: URLSearchParams): InboxFilters {
  const filters: InboxFilters = {};
  for (const name of FILTERS) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value;
  }
  return filters;
}

function InboxFilterForm({ filters, apply }: { filters: InboxFilters; apply(next: InboxFilters): void }) {
  const { t } = useTranslation();
  const { account } = useSession();
  const [draft, setDraft] = useState<InboxFilters>(filters);
  const set = (name: keyof InboxFilters) => (value: string | null) =>
    setDraft((current) => ({ ...current, [name]: value ?? '' }));
  const types = workQueuesOf(account?.authorities ?? []).map((queue) => ({
    value: queue.workflow.entity,
    label: t(`entities.${queue.workflow.entity}.plural`),
  }));
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        apply(draft);
      }}
    >
      <Group align="flex-end" gap="sm">
        <Select
          label={t('inbox.filters.type')}
          placeholder={t('inbox.filters.allTypes')}
          data={types}
          value={draft.type ?? null}
          onChange={set('type')}
          clearable
        />
        <TextInput
          label={t('inbox.filters.maker')}
          value={draft.maker ?? ''}
          onChange={(event) => set('maker')(event.currentTarget.value)}
        />
        <TextInput
          label={t('inbox.filters.minAmount')}
          inputMode="numeric"
          value={draft.minAmount ?? ''}
          onChange={(event) => set('minAmount')(event.currentTarget.value.replace(/\D/g, ''))}
        />
        <TextInput
          label={t('inbox.filters.maxAmount')}
          inputMode="numeric"
          value={draft.maxAmount ?? ''}
          onChange={(event) => set('maxAmount')(event.currentTarget.value.replace(/\D/g, ''))}
        />
        <Select
          label={t('inbox.filters.age')}
          placeholder={t('inbox.filters.anyAge')}
          data={AGES.map((hours) => ({ value: hours, label: t(`inbox.filters.olderThan.${hours}`) }))}
          value={draft.olderThanHours ?? null}
          onChange={set('olderThanHours')}
          clearable
        />
        <Checkbox
          label={t('inbox.filters.second')}
          checked={draft.second === 'true'}
          onChange={(event) => set('second')(event.currentTarget.checked ? 'true' : '')}
          mb={8}
        />
        <Button type="submit">{t('manager.filters.search')}</Button>
        <Button
          variant="default"
          onClick={() => {
            setDraft({});
            apply({});
          }}
        >
          {t('manager.filters.reset')}
        </Button>
      </Group>
    </form>
  );
}

export function InboxPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useQuery(inboxQuery(filters, page - 1, DEFAULT_PAGE_SIZE));
  const [selected, setSelected] = useState<ReadonlyMap<string, WorkInboxRow>>(new Map());
  const rows = query.data?.rows ?? [];
  const total = query.data?.total ?? 0;
  const toggle = (some: readonly WorkInboxRow[], on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const row of some) {
        if (on) next.set(keyOf(row), row);
        else next.delete(keyOf(row));
      }
      return next;
    });
  const ticked = rows.filter((row) => selected.has(keyOf(row))).length;
  const now = query.dataUpdatedAt;
  const list = {
    rows,
    total,
    exact: query.data?.exact !== false,
    page,
    pageCount: Math.max(1, Math.ceil(total / DEFAULT_PAGE_SIZE)),
    setPage: (next: number) =>
      setParams((current) => {
        current.set('page', String(next));
        return current;
      }),
    isLoading: query.isPending,
    isError: query.isError,
    retry: () => void query.refetch(),
  };
  return (
    <Stack gap="md">
      <PageTitle>{t('inbox.title')}</PageTitle>
      <Text c="dimmed">{t('inbox.intro')}</Text>
      <InboxFilterForm
        key={params.toString()}
        filters={filters}
        apply={(next) => {
          setSelected(new Map());
          setParams(new URLSearchParams(Object.entries(next).filter(([, value]) => value)));
        }}
      />
      <BulkDecisionBar items={[...selected.values()]} onApplied={() => setSelected(new Map())} />
      <PagedList list={list} countTestId="inbox-count">
        <FitTable>
          <Table striped highlightOnHover verticalSpacing="xs" data-testid="inbox-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label={t('manager.export.selectPage')}
                    checked={ticked > 0 && ticked === rows.length}
                    indeterminate={ticked > 0 && ticked < rows.length}
                    onChange={() => toggle(rows, ticked < rows.length)}
                  />
                </Table.Th>
                <Table.Th>{t('home.work.columns.type')}</Table.Th>
                <Table.Th>{t('home.work.columns.id')}</Table.Th>
                <Table.Th>{t('home.work.columns.client')}</Table.Th>
                <Table.Th>{t('inbox.columns.maker')}</Table.Th>
                <Table.Th>{t('inbox.columns.amount')}</Table.Th>
                <Table.Th>{t('home.work.columns.created')}</Table.Th>
                <Table.Th>{t('home.work.columns.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => {
                const screens = workScreens(row.entity);
                const age = row.createdAt ? waitedFor(row.createdAt, now) : null;
                const type = t(`entities.${row.entity}.name`);
                return (
                  <Table.Tr
                    key={keyOf(row)}
                    data-entity={row.entity}
                    data-id={row.id}
                    data-second={row.secondValidation}
                  >
                    <Table.Td>
                      <Checkbox
                        aria-label={t('inbox.selectRow', { type, id: row.id })}
                        checked={selected.has(keyOf(row))}
                        onChange={(event) => toggle([row], event.currentTarget.checked)}
                      />
                    </Table.Td>
                    <Table.Td data-label={t('home.work.columns.type')}>{type}</Table.Td>
                    <Table.Td data-label={t('home.work.columns.id')}>
                      <Anchor
                        component={Link}
                        to={screens.form(row.id)}
                        aria-label={t('home.work.open', { type, id: row.id })}
                      >
                        {row.id}
                      </Anchor>
                    </Table.Td>
                    <Table.Td data-label={t('home.work.columns.client')}>{row.client ?? ''}</Table.Td>
                    <Table.Td data-label={t('inbox.columns.maker')}>{row.maker ?? t('inbox.customerChannel')}</Table.Td>
                    <Table.Td data-label={t('inbox.columns.amount')}>
                      {row.amount ? formatXof(row.amount) : ''}
                    </Table.Td>
                    <Table.Td data-label={t('home.work.columns.created')}>
                      {formatDateTime(row.createdAt)}
                      {age && (
                        <Text span size="sm" c="dimmed" ml="xs">
                          ({t(age.key, { count: age.count })})
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td data-label={t('home.work.columns.status')}>
                      <Group gap={4}>
                        <StatusBadge status={row.status} />
                        {row.secondValidation && (
                          <Badge variant="outline" color="blue" data-testid="second-validation">
                            {t('inbox.secondValidation')}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </FitTable>
      </PagedList>
    </Stack>
  );
}
