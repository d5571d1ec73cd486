// /admin/audits (spec part 1 section 7.3): audit events between two dates (default: the last week), paged and
// sorted by date, with the principal, the event type and its data.
import { formatDateTime } from '@bank/domain';
import { Alert, Group, Stack, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { auditsQuery } from '../../api/operations';
import { DateField } from '../../fields/DateField';
import { CodeLabel } from '../../ui/CodeLabel';
import { FitTable } from '../../ui/FitTable';
import { PageLoader } from '../../ui/PageLoader';
import { PageTitle } from '../../ui/PageTitle';
import { Pager, SortTh } from './ListTools';
import { AuditData } from './operation-labels';
import { usePagedSort } from './use-paged-sort';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function AuditsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const paging = usePagedSort(['timestamp', 'principal', 'type'], { field: 'timestamp', order: 'desc' });
  const dateParam = (name: string, fallback: string) => {
    const value = params.get(name) ?? '';
    return DAY.test(value) ? value : fallback;
  };
  const fromDate = dateParam('from', dayjs().subtract(7, 'day').format('YYYY-MM-DD'));
  const toDate = dateParam('to', dayjs().format('YYYY-MM-DD'));
  const setDate = (name: 'from' | 'to', value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set(name, value);
      next.set('page', '1');
      return next;
    });
  const audits = useQuery(auditsQuery({ fromDate, toDate, ...paging.api }));
  const rows = audits.data?.rows ?? [];
  const heading = (name: string) => t(`admin.audits.${name}`);

  return (
    <Stack>
      <PageTitle>{t('admin.audits.title')}</PageTitle>
      <Group>
        <DateField
          label={t('admin.audits.from')}
          value={fromDate}
          onChange={(date) => DAY.test(date) && setDate('from', date)}
        />
        <DateField
          label={t('admin.audits.to')}
          value={toDate}
          onChange={(date) => DAY.test(date) && setDate('to', date)}
        />
      </Group>
      {audits.isPending && <PageLoader />}
      {audits.isError && <Alert color="red">{t('error.unexpected')}</Alert>}
      {audits.data && (
        <FitTable>
          <Table striped withTableBorder data-testid="audits-table">
            <Table.Thead>
              <Table.Tr>
                <SortTh field="timestamp" paging={paging}>
                  {heading('date')}
                </SortTh>
                <SortTh field="principal" paging={paging}>
                  {heading('principal')}
                </SortTh>
                <SortTh field="type" paging={paging}>
                  {heading('type')}
                </SortTh>
                <Table.Th scope="col">{heading('data')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((event) => (
                <Table.Tr key={event.id}>
                  <Table.Td data-label={heading('date')} style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(event.timestamp)}
                  </Table.Td>
                  <Table.Td data-label={heading('principal')} style={{ overflowWrap: 'anywhere' }}>
                    {event.principal}
                  </Table.Td>
                  <Table.Td data-label={heading('type')}>
                    <CodeLabel group="auditEvents" code={event.type} />
                  </Table.Td>
                  <Table.Td data-label={heading('data')}>
                    <AuditData data={event.data} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </FitTable>
      )}
      {audits.data && <Pager paging={paging} total={audits.data.total} shown={rows.length} />}
    </Stack>
  );
}
