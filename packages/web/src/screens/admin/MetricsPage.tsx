// /admin/metrics (spec part 1 section 7.3): the process (uptime, CPU, memory, event-loop delay), HTTP requests
// by route and status, the database pool; refreshed every 5 s or on demand, with sparklines of recent samples.
import { Alert, Card, Group, SimpleGrid, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { metricsQuery } from '../../api/operations';
import { FitTable } from '../../ui/FitTable';
import { PageLoader } from '../../ui/PageLoader';
import { ReportHeader } from '../../ui/ReportHeader';
import { Sparkline } from './Sparkline';
import { useMetricsHistory, type MetricsSeries } from './use-metrics-history';

export const METRICS_REFRESH_MS = 5000;
/** The HTTP table's figures, right-aligned. */
const FIGURES = ['count', 'mean', 'max'] as const;

function Figure({ label, value, series }: { label: string; value: string; series?: number[] }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Group justify="space-between" align="flex-end" wrap="nowrap">
        <Text fw={700} size="lg" data-testid={`metric-${label}`}>
          {value}
        </Text>
        {series && <Sparkline values={series} label={label} />}
      </Group>
    </Card>
  );
}

/** Hours may pass 24: an uptime reads as 53h 12m 5s. */
function duration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  return `${h}h ${m}m ${Math.floor(seconds % 60)}s`;
}

export function MetricsPage() {
  const { t, i18n } = useTranslation();
  const [auto, setAuto] = useState(true);
  const metrics = useQuery({ ...metricsQuery(), refetchInterval: auto ? METRICS_REFRESH_MS : false });
  const history: MetricsSeries = useMetricsHistory(metrics.data);
  const n = (value: number, digits = 1) => value.toLocaleString(i18n.language, { maximumFractionDigits: digits });
  const megabytes = (value: number) =>
    value.toLocaleString(i18n.language, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
  const m = metrics.data;
  const heading = (name: string) => t(`admin.metrics.${name}`);

  return (
    <Stack>
      <ReportHeader title={t('admin.metrics.title')} refreshLabel={t('admin.action.refresh')} report={metrics}>
        <Switch label={t('admin.metrics.auto')} checked={auto} onChange={(e) => setAuto(e.currentTarget.checked)} />
      </ReportHeader>
      {metrics.isPending && <PageLoader />}
      {metrics.isError && <Alert color="red">{t('error.unexpected')}</Alert>}
      {m && (
        <>
          <Title order={2} size="h4">
            {t('admin.metrics.process')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            <Figure label={t('admin.metrics.uptime')} value={duration(m.process.uptimeSeconds)} />
            <Figure
              label={t('admin.metrics.cpu')}
              value={`${n(history.cpuSeconds.at(-1) ?? 0, 2)} s`}
              series={history.cpuSeconds}
            />
            <Figure
              label={t('admin.metrics.heap')}
              value={megabytes(history.heapMb.at(-1) ?? 0)}
              series={history.heapMb}
            />
            <Figure
              label={t('admin.metrics.rss')}
              value={megabytes(history.rssMb.at(-1) ?? 0)}
              series={history.rssMb}
            />
            <Figure
              label={t('admin.metrics.loop')}
              value={`${n(m.process.eventLoopDelayMs.mean, 2)} ms (p99 ${n(m.process.eventLoopDelayMs.p99, 2)})`}
              series={history.loopDelayMs}
            />
            <Figure label={t('admin.metrics.requests')} value={n(m.http.totalCount, 0)} series={history.requests} />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {t('admin.metrics.node', {
              version: m.process.nodeVersion,
              pid: m.process.pid,
              db: t(`admin.metrics.databaseKind.${m.database.kind}`),
            })}
            {m.database.pool && ` — ${t('admin.metrics.pool', { ...m.database.pool })}`}
          </Text>
          <Title order={2} size="h4">
            {t('admin.metrics.http')}
          </Title>
          <FitTable>
            <Table striped withTableBorder data-testid="metrics-http">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{heading('route')}</Table.Th>
                  <Table.Th scope="col">{heading('status')}</Table.Th>
                  {FIGURES.map((name) => (
                    <Table.Th key={name} scope="col" ta="right">
                      {heading(name)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {m.http.requests.map((r) => (
                  <Table.Tr key={`${r.method} ${r.route} ${r.status}`}>
                    <Table.Td data-label={heading('route')} ff="monospace" fz="sm" style={{ overflowWrap: 'anywhere' }}>
                      {`${r.method} ${r.route}`}
                    </Table.Td>
                    <Table.Td data-label={heading('status')}>{r.status}</Table.Td>
                    <Table.Td data-label={heading('count')} ta="right">
                      {n(r.count, 0)}
                    </Table.Td>
                    <Table.Td data-label={heading('mean')} ta="right">
                      {n(r.meanMs, 2)}
                    </Table.Td>
                    <Table.Td data-label={heading('max')} ta="right">
                      {n(r.maxMs, 2)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </FitTable>
        </>
      )}
    </Stack>
  );
}
