// /admin/logs (spec part 1 section 7.3): every logger with its level and one button per level to change it
// at run time (PUT management/logs), with a filter on the name.
import { Alert, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loggersKey, loggersQuery, setLoggerLevel } from '../../api/operations';
import { FitTable } from '../../ui/FitTable';
import { PageLoader } from '../../ui/PageLoader';
import { PageTitle } from '../../ui/PageTitle';

const LEVEL_COLOURS: Record<string, string> = {
  trace: 'grape',
  debug: 'blue',
  info: 'green',
  warn: 'yellow',
  error: 'red',
  fatal: 'red',
  silent: 'gray',
};

export function LogsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState('');
  const report = useQuery(loggersQuery());
  const change = useMutation({
    mutationFn: ({ name, level }: { name: string; level: string }) => setLoggerLevel(name, level),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loggersKey }),
  });
  const loggers = Object.entries(report.data?.loggers ?? {}).filter(([name]) =>
    name.toLowerCase().includes(filter.trim().toLowerCase()),
  );

  return (
    <Stack>
      <PageTitle>{t('admin.logs.title')}</PageTitle>
      <TextInput
        maw={360}
        label={t('admin.filter')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
      />
      {report.isPending && <PageLoader />}
      {report.isError && <Alert color="red">{t('error.unexpected')}</Alert>}
      {report.data && (
        <>
          <Text size="sm" c="dimmed">
            {t('admin.logs.count', { count: loggers.length })}
          </Text>
          <FitTable>
            <Table striped withTableBorder data-testid="logs-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('admin.logs.name')}</Table.Th>
                  <Table.Th scope="col">{t('admin.logs.level')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {loggers.map(([name, { effectiveLevel, configuredLevel }]) => (
                  <Table.Tr key={name} data-testid={`logger-${name}`}>
                    <Table.Td data-label={t('admin.logs.name')}>
                      <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                        {name}
                      </Text>
                      {configuredLevel === null && (
                        <Text size="xs" c="dimmed">
                          {t('admin.logs.inherited')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {report.data.levels.map((level) => {
                          const current = level === effectiveLevel;
                          return (
                            <Button
                              key={level}
                              size="compact-xs"
                              color={current ? LEVEL_COLOURS[level] : 'gray'}
                              variant={current ? 'filled' : 'default'}
                              aria-pressed={current}
                              disabled={change.isPending}
                              onClick={() => change.mutate({ name, level })}
                            >
                              {level.toUpperCase()}
                            </Button>
                          );
                        })}
                      </Group>
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
