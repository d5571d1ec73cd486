// /admin/access-log: who read which client's data, and when. Filters (client, login, days) live in the
// address; the list is paged and sorted; the export downloads what the filters find as a spreadsheet.
import { formatDateTime } from '@bank/domain';
import { Alert, Anchor, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { notifyFailure } from '../../api/notify';
import { accessLogEntries, accessLogQuery, type AccessLogFilters } from '../../api/operations';
import { DateField } from '../../fields/DateField';
import type { AccessLogEntry } from '../../api/types';
import { FitTable } from '../../ui/FitTable';
import { PageLoader } from '../../ui/PageLoader';
import { PageTitle } from '../../ui/PageTitle';
import { SHEET_DATE_FORMAT, downloadSpreadsheet, headerCell } from '../../ui/spreadsheet';
import { Pager, SortTh } from './ListTools';
import { usePagedSort } from './use-paged-sort';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** An export is for reading, not for copying the whole log: past this, narrow the filters. */
export const ACCESS_LOG_EXPORT_LIMIT = 5000;

function useFilters(): [
  AccessLogFilters,
  (change: Partial<Record<'client' | 'login' | 'from' | 'to', string>>) => void,
] {
  const [params, setParams] = useSearchParams();
  const day = (name: string, fallback: string) => {
    const value = params.get(name) ?? '';
    return DAY.test(value) ? value : fallback;
  };
  const client = params.get('client') ?? '';
  const filters: AccessLogFilters = {
    clientId: /^\d{1,15}$/.test(client) ? client : undefined,
    login: params.get('login')?.trim() || undefined,
    fromDate: day('from', dayjs().subtract(7, 'day').format('YYYY-MM-DD')),
    toDate: day('to', dayjs().format('YYYY-MM-DD')),
  };
  const change = (values: Partial<Record<string, string>>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(values)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      next.set('page', '1');
      return next;
    });
  return [filters, change];
}

export function AccessLogPage() {
  const { t } = useTranslation();
  const [filters, change] = useFilters();
  const [draft, setDraft] = useState({ client: filters.clientId ?? '', login: filters.login ?? '' });
  const [exporting, setExporting] = useState(false);
  const paging = usePagedSort(['readAt', 'login', 'clientId', 'what'], { field: 'readAt', order: 'desc' });
  const log = useQuery(accessLogQuery({ ...filters, ...paging.api }));
  const rows = log.data?.rows ?? [];
  const what = (entry: AccessLogEntry) => t(`admin.accessLog.whats.${entry.what}`, { defaultValue: entry.what });
  /** The record read, by its entity's name: « Client n° 12 » rather than `client 12`. */
  const subject = (entry: AccessLogEntry) =>
    t('admin.accessLog.subjectOf', {
      entity: t(`entities.${entry.subject}.name`, { defaultValue: entry.subject }),
      id: entry.subjectId,
    });
  const heading = (name: string) => t(`admin.accessLog.${name}`);
  const roles = (entry: AccessLogEntry) =>
    entry.authorities.map((role) => t(`roles.${role}`, { defaultValue: role })).join(', ');

  const exportAll = async () => {
    setExporting(true);
    try {
      const entries = await accessLogEntries(filters, ACCESS_LOG_EXPORT_LIMIT);
      const header = ['date', 'login', 'roles', 'client', 'what', 'subject', 'ip', 'request'].map((key) =>
        headerCell(t(`admin.accessLog.${key}`)),
      );
      const data = entries.map((entry) => [
        { value: new Date(entry.readAt), type: Date, format: SHEET_DATE_FORMAT },
        { value: entry.login, type: String },
        { value: roles(entry), type: String },
        entry.clientId === null ? { value: undefined } : { value: entry.clientId, type: Number },
        { value: what(entry), type: String },
        { value: subject(entry), type: String },
        { value: entry.clientIp ?? '', type: String },
        { value: entry.requestId ?? '', type: String },
      ]);
      await downloadSpreadsheet(
        `Journal-des-acces-${filters.fromDate}-${filters.toDate}.xlsx`,
        t('admin.accessLog.sheet'),
        [header, ...data],
        [18, 18, 24, 10, 24, 20, 16, 12],
      );
      if (entries.length === ACCESS_LOG_EXPORT_LIMIT) {
        notifications.show({
          color: 'orange',
          message: t('admin.accessLog.exportCapped', { max: ACCESS_LOG_EXPORT_LIMIT }),
        });
      }
    } catch (error) {
      notifyFailure(error, t('admin.accessLog.exportFailed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack>
      <PageTitle>{t('admin.accessLog.title')}</PageTitle>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          change({ client: draft.client.trim(), login: draft.login.trim() });
        }}
      >
        <Group align="flex-end">
          <TextInput
            label={t('admin.accessLog.client')}
            inputMode="numeric"
            value={draft.client}
            onChange={(e) => setDraft({ ...draft, client: e.currentTarget.value.replace(/\D/g, '') })}
          />
          <TextInput
            label={t('admin.accessLog.login')}
            value={draft.login}
            onChange={(e) => setDraft({ ...draft, login: e.currentTarget.value })}
          />
          <DateField
            label={t('admin.audits.from')}
            value={filters.fromDate}
            onChange={(date) => DAY.test(date) && change({ from: date })}
          />
          <DateField
            label={t('admin.audits.to')}
            value={filters.toDate}
            onChange={(date) => DAY.test(date) && change({ to: date })}
          />
          <Button type="submit">{t('manager.filters.search')}</Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={exporting}
            disabled={!log.data || log.data.total === 0}
            onClick={() => void exportAll()}
          >
            {t('admin.accessLog.export')}
          </Button>
        </Group>
      </form>
      {log.isPending && <PageLoader />}
      {log.isError && <Alert color="red">{t('error.unexpected')}</Alert>}
      {log.data && rows.length === 0 && <Alert color="gray">{t('admin.accessLog.empty')}</Alert>}
      {rows.length > 0 && (
        <FitTable>
          <Table striped withTableBorder data-testid="access-log-table">
            <Table.Thead>
              <Table.Tr>
                <SortTh field="readAt" paging={paging}>
                  {heading('date')}
                </SortTh>
                <SortTh field="login" paging={paging}>
                  {heading('login')}
                </SortTh>
                <SortTh field="clientId" paging={paging}>
                  {heading('client')}
                </SortTh>
                <SortTh field="what" paging={paging}>
                  {heading('what')}
                </SortTh>
                <Table.Th scope="col">{heading('ip')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td data-label={heading('date')} style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(entry.readAt)}
                  </Table.Td>
                  <Table.Td data-label={heading('login')}>
                    <Text size="sm">{entry.login}</Text>
                    <Text size="xs" c="dimmed">
                      {roles(entry)}
                    </Text>
                  </Table.Td>
                  <Table.Td data-label={heading('client')}>
                    {entry.clientId !== null && (
                      <Anchor
                        component={Link}
                        to={`/entity/bank-account/view/manager/client/${entry.clientId}`}
                        size="sm"
                      >
                        {entry.clientId}
                      </Anchor>
                    )}
                  </Table.Td>
                  <Table.Td data-label={heading('what')}>
                    <Text size="sm">{what(entry)}</Text>
                    <Text size="xs" c="dimmed">
                      {subject(entry)}
                    </Text>
                  </Table.Td>
                  <Table.Td data-label={heading('ip')} style={{ overflowWrap: 'anywhere' }}>
                    {entry.clientIp}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </FitTable>
      )}
      {log.data && rows.length > 0 && <Pager paging={paging} total={log.data.total} shown={rows.length} />}
    </Stack>
  );
}
