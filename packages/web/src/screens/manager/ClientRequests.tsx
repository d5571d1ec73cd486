// The client file's requests of every type, newest first, ten a page: each names its type and number,
// links to its form (the decision form, which says so when the role may only read it), and shows its
// status badge and creation date.
import { entityByName, formatDateTime } from '@bank/domain';
import { Alert, Anchor, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { clientQueries, type ClientRequestRow } from '../../api/clients';
import { NamedPagination } from '../../engine/ListParts';
import { LoadingText } from '../../engine/LoadingText';
import { FitTable } from '../../ui/FitTable';
import { StatusBadge } from '../../workflow/StatusBadge';
import { REQUEST_TYPES, managerPaths } from './request-types';

const PAGE_SIZE = 10;

/** The request types with screens of their own (account subscriptions, spec part 2 §2.9), outside the staff table. */
const OTHER_SCREENS: Readonly<Record<string, (id: number) => string>> = {
  subsRequest: (id) => `/entity/subs-request/${id}/edit`,
};

/** Where a request's form is. */
function formOf(type: string): ((id: number) => string) | undefined {
  const staff = REQUEST_TYPES.find((candidate) => candidate.entity.name === type);
  return staff ? managerPaths(staff).edit : OTHER_SCREENS[type];
}

const COLUMNS = ['request', 'status', 'createdAt'] as const;

function RequestRow({ row }: { row: ClientRequestRow }) {
  const { t } = useTranslation();
  const label = (column: (typeof COLUMNS)[number]) => t(`manager.clientFile.requestColumns.${column}`);
  const form = formOf(row.type);
  const entity = entityByName(row.type);
  const name = t('manager.clientFile.request', { type: t(entity.labelKey), id: row.id });
  return (
    <Table.Tr>
      <Table.Td data-label={label('request')}>
        {form ? (
          <Anchor component={Link} to={form(row.id)} size="sm">
            {name}
          </Anchor>
        ) : (
          name
        )}
      </Table.Td>
      <Table.Td data-label={label('status')}>
        <StatusBadge status={row.status} />
      </Table.Td>
      <Table.Td data-label={label('createdAt')} style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(row.createdAt)}
      </Table.Td>
    </Table.Tr>
  );
}

export function ClientRequests({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const requests = useQuery(clientQueries.requests(clientId, { page: page - 1, size: PAGE_SIZE }));
  if (requests.isPending) return <LoadingText />;
  if (requests.isError) return <Alert color="red">{t('entity.list.error')}</Alert>;
  if (requests.data.total === 0) return <Alert color="gray">{t('manager.clientFile.noRequests')}</Alert>;
  const { rows, total, exact } = requests.data;
  return (
    <Stack gap="xs">
      {/* A phone shows each request as a card: its longest status badges do not fit three columns. */}
      <FitTable>
        <Table striped data-testid="client-requests">
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column}>{t(`manager.clientFile.requestColumns.${column}`)}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <RequestRow key={`${row.type}-${row.id}`} row={row} />
            ))}
          </Table.Tbody>
        </Table>
      </FitTable>
      {total > PAGE_SIZE && (
        <Group justify="center">
          <NamedPagination total={Math.ceil(total / PAGE_SIZE)} value={page} onChange={setPage} />
        </Group>
      )}
      <Text size="sm" c="dimmed" ta="center">
        {t(exact === false ? 'manager.list.totalAtLeast' : 'manager.list.total', { count: total })}
      </Text>
    </Stack>
  );
}
