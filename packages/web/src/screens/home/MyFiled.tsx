// « Mes saisies » (issue 38): the home of staff who file requests and decide none (data entry, claims): the
// requests they filed, of every type, newest first, each with its status in words and colour and a link to
// it. Under the manager key, so that a decision heard on the live stream refreshes it.
import { formatDateTime, formatXof } from '@bank/domain';
import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DEFAULT_PAGE_SIZE } from '../../api/entities';
import { filedQuery } from '../../api/work';
import { FitTable } from '../../ui/FitTable';
import { PagedList } from '../../ui/PagedList';
import { StatusBadge } from '../../workflow/StatusBadge';
import { workScreens } from './work-links';

export function MyFiled() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useQuery(filedQuery(page - 1, DEFAULT_PAGE_SIZE));
  const total = query.data?.total ?? 0;
  const list = {
    rows: query.data?.rows ?? [],
    total,
    exact: query.data?.exact !== false,
    page,
    pageCount: Math.max(1, Math.ceil(total / DEFAULT_PAGE_SIZE)),
    setPage: (next: number) => setParams(new URLSearchParams({ page: String(next) })),
    isLoading: query.isPending,
    isError: query.isError,
    retry: () => void query.refetch(),
  };
  const columns = {
    type: t('home.work.columns.type'),
    id: t('home.work.columns.id'),
    client: t('home.work.columns.client'),
    amount: t('inbox.columns.amount'),
    created: t('home.filed.created'),
    status: t('home.work.columns.status'),
  };
  return (
    <Stack gap="sm" mt="md" component="section" aria-labelledby="my-filed-title" data-testid="my-filed">
      <Title order={2} size="h3" id="my-filed-title">
        {t('home.filed.title')}
      </Title>
      <Text c="dimmed">{t('home.filed.intro')}</Text>
      <PagedList list={list} countTestId="my-filed-count">
        <FitTable>
          <Table striped verticalSpacing="xs" data-testid="my-filed-table">
            <Table.Thead>
              <Table.Tr>
                {Object.values(columns).map((label) => (
                  <Table.Th key={label}>{label}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.rows.map((row) => {
                const type = t(`entities.${row.entity}.name`);
                return (
                  <Table.Tr key={`${row.entity}-${row.id}`} data-entity={row.entity} data-id={row.id}>
                    <Table.Td data-label={columns.type}>{type}</Table.Td>
                    <Table.Td data-label={columns.id}>
                      <Anchor
                        component={Link}
                        to={workScreens(row.entity).form(row.id)}
                        aria-label={t('home.work.open', { type, id: row.id })}
                      >
                        {row.id}
                      </Anchor>
                    </Table.Td>
                    <Table.Td data-label={columns.client}>{row.client ?? ''}</Table.Td>
                    <Table.Td data-label={columns.amount}>{row.amount ? formatXof(row.amount) : ''}</Table.Td>
                    <Table.Td data-label={columns.created}>{formatDateTime(row.createdAt)}</Table.Td>
                    <Table.Td data-label={columns.status}>
                      <StatusBadge status={row.status} />
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
