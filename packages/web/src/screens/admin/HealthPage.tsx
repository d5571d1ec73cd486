// /admin/health: GET management/health, the overall status and each component with its details.
import { Alert, Badge, Button, Code, Group, Stack, Table, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { healthQuery } from '../../api/management';
import type { HealthComponent, HealthStatus } from '../../api/types';
import { PageLoader } from '../../ui/PageLoader';
import { PageTitle } from '../../ui/PageTitle';

function StatusBadge({ status }: { status: HealthStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={status === 'UP' ? 'green' : 'red'} variant="filled">
      {t(`health.status.${status}`, { defaultValue: status })}
    </Badge>
  );
}

function Details({ details }: { details: HealthComponent['details'] }) {
  const { t } = useTranslation();
  const entries = Object.entries(details ?? {});
  if (entries.length === 0) return <Text c="dimmed">{t('health.none')}</Text>;
  return (
    <Stack gap={2}>
      {entries.map(([name, value]) => (
        <Text key={name} size="sm">
          <Text span fw={600}>
            {name}
          </Text>{' '}
          {typeof value === 'object' ? <Code>{JSON.stringify(value)}</Code> : String(value)}
        </Text>
      ))}
    </Stack>
  );
}

export function HealthPage() {
  const { t } = useTranslation();
  const health = useQuery(healthQuery());
  const components = Object.entries(health.data?.components ?? {});

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <PageTitle>{t('health.title')}</PageTitle>
        <Button
          variant="light"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={health.isFetching}
          onClick={() => void health.refetch()}
        >
          {t('health.refresh')}
        </Button>
      </Group>
      {health.isPending && <PageLoader />}
      {health.isError && <Alert color="red">{t('error.unexpected')}</Alert>}
      {health.data && (
        <>
          <Group gap="xs" data-testid="health-status">
            <Text>{t('health.overall')}</Text>
            <StatusBadge status={health.data.status} />
          </Group>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('health.table.service')}</Table.Th>
                <Table.Th scope="col">{t('health.table.status')}</Table.Th>
                <Table.Th scope="col">{t('health.table.details')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {components.map(([name, component]) => (
                <Table.Tr key={name} data-testid={`health-${name}`}>
                  <Table.Td>{t(`health.indicator.${name}`, { defaultValue: name })}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={component.status} />
                  </Table.Td>
                  <Table.Td>
                    <Details details={component.details} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}
