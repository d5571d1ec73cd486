// /entity/client/manager: the staff client list (spec part 1 §2.6) — clientCode, name and phone,
// sortable; five filters applied whatever is filled; 'Détails' opens the client file.
import { Alert, Anchor, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../api/entities';
import { managerQueries, type ClientFilters } from '../../api/manager';
import { NamedPagination } from '../../engine/ListParts';
import { LoadingText } from '../../engine/LoadingText';
import { PageTitle } from '../../ui/PageTitle';
import { ListExport } from '../../ui/ListExport';

const FILTERS = ['email', 'reference', 'name', 'rib', 'type'] as const;
const SORTABLE = ['clientCode', 'name', 'phone'] as const;
const EMPTY: ClientFilters = { email: '', reference: '', name: '', rib: '', type: '' };

export function ClientListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(FILTERS.map((name) => [name, params.get(name) ?? ''])) as ClientFilters;
  const [draft, setDraft] = useState(filters);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [sortField = 'clientCode', sortOrder = 'asc'] = (params.get('sort') ?? '').split(',').filter(Boolean);
  const query = useQuery(
    managerQueries.clients(filters, { page: page - 1, size: DEFAULT_PAGE_SIZE, sort: [`${sortField},${sortOrder}`] }),
  );
  const update = (change: Record<string, string>) =>
    setParams((current) => {
      for (const [name, value] of Object.entries(change))
        if (value) current.set(name, value);
        else current.delete(name);
      return current;
    });
  const apply = (next: ClientFilters) => update({ ...next, page: '' });
  const total = query.data?.total ?? 0;
  return (
    <Stack gap="md">
      <PageTitle>{t('manager.clients.title')}</PageTitle>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          apply(draft);
        }}
      >
        <Group align="flex-end" gap="sm">
          {FILTERS.filter((name) => name !== 'type').map((name) => (
            <TextInput
              key={name}
              label={t(`manager.clients.filters.${name}`)}
              value={draft[name]}
              onChange={(event) => setDraft({ ...draft, [name]: event.currentTarget.value })}
            />
          ))}
          <Select
            label={t('manager.clients.filters.type')}
            value={draft.type || null}
            onChange={(value) => setDraft({ ...draft, type: value ?? '' })}
            clearable
            data={['COMPANY', 'PERSONAL'].map((value) => ({ value, label: t(`enums.clientType.${value}`) }))}
          />
          <Button type="submit">{t('manager.filters.search')}</Button>
          <Button
            variant="default"
            onClick={() => {
              setDraft(EMPTY);
              apply(EMPTY);
            }}
          >
            {t('manager.filters.reset')}
          </Button>
          <ListExport source={query.data?.source} />
        </Group>
      </form>
      {query.isPending && <LoadingText />}
      {query.isError && <Alert color="red">{t('entity.list.error')}</Alert>}
      {query.data?.rows.length === 0 && <Alert color="gray">{t('entity.list.empty')}</Alert>}
      {query.data && query.data.rows.length > 0 && (
        <Table striped highlightOnHover data-testid="client-table">
          <Table.Thead>
            <Table.Tr>
              {SORTABLE.map((name) => (
                <Table.Th key={name}>
                  <Anchor
                    component="button"
                    type="button"
                    fw={700}
                    c="inherit"
                    onClick={() =>
                      update({
                        sort: `${name},${sortField === name && sortOrder === 'asc' ? 'desc' : 'asc'}`,
                        page: '',
                      })
                    }
                  >
                    {t(`entities.client.fields.${name}`)}
                    {sortField === name ? (sortOrder === 'asc' ? ' ▲' : ' ▼') : ''}
                  </Anchor>
                </Table.Th>
              ))}
              <Table.Th>{t('entity.list.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.rows.map((row) => (
              <Table.Tr key={row.id}>
                {SORTABLE.map((name) => (
                  <Table.Td key={name}>{String(row[name] ?? '')}</Table.Td>
                ))}
                <Table.Td>
                  <Button component={Link} to={`/entity/bank-account/view/manager/${row.id}`} size="compact-sm">
                    {t('manager.clients.details')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {total > DEFAULT_PAGE_SIZE && (
        <Group justify="center">
          <NamedPagination
            total={Math.ceil(total / DEFAULT_PAGE_SIZE)}
            value={page}
            onChange={(next) => update({ page: String(next) })}
          />
        </Group>
      )}
      <Text size="sm" c="dimmed" ta="center">
        {t('manager.list.total', { count: total })}
      </Text>
    </Stack>
  );
}
