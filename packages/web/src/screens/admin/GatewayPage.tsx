// /admin/gateway (spec part 1 section 7.3): the gateway's route table (api/gateway/routes), each path with
// its service and the instances serving it with their health.
import { Alert, Badge, Button, Group, Stack, Table } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { gatewayRoutesQuery } from '../../api/operations';
import { FitTable } from '../../ui/FitTable';
import { PageLoader } from '../../ui/PageLoader';
import { PageTitle } from '../../ui/PageTitle';

export function GatewayPage() {
  const { t } = useTranslation();
  const routes = useQuery(gatewayRoutesQuery());
  const heading = (name: string) => t(`admin.gateway.${name}`);
  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <PageTitle>{t('admin.gateway.title')}</PageTitle>
        <Button
          variant="light"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={routes.isFetching}
          onClick={() => void routes.refetch()}
        >
          {t('admin.action.refresh')}
        </Button>
      </Group>
      {routes.isPending && <PageLoader />}
      {routes.isError && <Alert color="red">{t('error.unexpected')}</Alert>}
      {routes.data && (
        <FitTable>
          <Table striped withTableBorder data-testid="gateway-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{heading('path')}</Table.Th>
                <Table.Th scope="col">{heading('service')}</Table.Th>
                <Table.Th scope="col">{heading('instances')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {routes.data.map((route) => (
                <Table.Tr key={route.path}>
                  <Table.Td data-label={heading('path')} ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    {route.path}
                  </Table.Td>
                  <Table.Td data-label={heading('service')}>{route.serviceId}</Table.Td>
                  <Table.Td data-label={heading('instances')}>
                    {route.serviceInstances.map((instance) => (
                      <Group key={instance.instanceId} gap="xs">
                        <span style={{ overflowWrap: 'anywhere' }}>{`${instance.instanceId} — ${instance.uri}`}</span>
                        <Badge color={instance.health === 'UP' ? 'green' : 'red'} title={instance.health}>
                          {t(`health.status.${instance.health}`, { defaultValue: instance.health })}
                        </Badge>
                      </Group>
                    ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </FitTable>
      )}
    </Stack>
  );
}
