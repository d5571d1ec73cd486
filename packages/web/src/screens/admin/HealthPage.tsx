// /admin/health: GET management/health, the overall status and each component with its details.
import { Alert, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { healthQuery } from '../../api/management';
import type { HealthStatus } from '../../api/types';
import { FitTable } from '../../ui/FitTable';
import { PageLoader } from '../../ui/PageLoader';
import { ReportHeader } from '../../ui/ReportHeader';
import { HealthDetails } from './operation-labels';

function StatusBadge({ status }: { status: HealthStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={status === 'UP' ? 'green' : 'red'} variant="filled" title={status}>
      {t(`health.status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

export function HealthPage() {
  const { t } = useTranslation();
  const health = useQuery(healthQuery());
  const components = Object.entries(health.data?.components ?? {});
  const heading = (name: string) => t(`health.table.${name}`);

  return (
    <Stack>
      <ReportHeader title={t('health.title')} refreshLabel={t('health.refresh')} report={health} />
      {health.isPending && <PageLoader />}
      {health.isError && <Alert color="red">{t('error.unexpected')}</Alert>}
      {health.data && (
        <>
          <Group gap="xs" data-testid="health-status">
            <Text>{t('health.overall')}</Text>
            <StatusBadge status={health.data.status} />
          </Group>
          <FitTable>
            <Table striped withTableBorder data-testid="health-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{heading('service')}</Table.Th>
                  <Table.Th scope="col">{heading('status')}</Table.Th>
                  <Table.Th scope="col">{heading('details')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {components.map(([name, component]) => (
                  <Table.Tr key={name} data-testid={`health-${name}`}>
                    <Table.Td data-label={heading('service')} title={name}>
                      {t(`health.indicator.${name}`, { defaultValue: name })}
                    </Table.Td>
                    <Table.Td data-label={heading('status')}>
                      <StatusBadge status={component.status} />
                    </Table.Td>
                    <Table.Td data-label={heading('details')}>
                      <HealthDetails details={component.details} />
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
