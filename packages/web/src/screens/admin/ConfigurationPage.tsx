// /admin/configuration (spec part 1 section 7.3): the application settings (management/configprops) and the
// environment (management/env), filtered by one box; secrets arrive masked from the server.
import { Alert, Badge, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { configQuery } from '../../api/operations';
import { PageLoader } from '../../ui/PageLoader';
import { PageTitle } from '../../ui/PageTitle';

const show = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

function KeyValues({ rows, testId }: { rows: [string, unknown, string?][]; testId: string }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <Text c="dimmed">{t('admin.list.empty')}</Text>;
  return (
    <Table striped withTableBorder data-testid={testId} layout="fixed">
      <Table.Tbody>
        {rows.map(([name, value, note]) => (
          <Table.Tr key={name}>
            <Table.Td w="35%" ff="monospace" fz="sm" style={{ wordBreak: 'break-all' }}>
              {name}
              {note && (
                <Badge ml={6} size="xs" variant="light">
                  {note}
                </Badge>
              )}
            </Table.Td>
            <Table.Td ff="monospace" fz="sm" style={{ wordBreak: 'break-all' }}>
              {show(value)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function ConfigurationPage() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const props = useQuery(configQuery('configprops'));
  const env = useQuery(configQuery('env'));
  const needle = filter.trim().toLowerCase();
  const keep = ([name, value]: [string, unknown, string?]) =>
    !needle || name.toLowerCase().includes(needle) || show(value).toLowerCase().includes(needle);
  const settings = (props.data?.properties ?? [])
    .map((p): [string, unknown, string?] => [p.env ? `${p.key} (${p.env})` : p.key, p.value, p.source])
    .filter(keep);

  return (
    <Stack>
      <PageTitle>{t('admin.configuration.title')}</PageTitle>
      <TextInput
        maw={360}
        label={t('admin.filter')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
      />
      {(props.isPending || env.isPending) && <PageLoader />}
      {(props.isError || env.isError) && <Alert color="red">{t('error.unexpected')}</Alert>}
      {props.data && (
        <>
          <Title order={2} size="h4">
            {t('admin.configuration.settings')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('admin.configuration.profiles', { profiles: props.data.activeProfiles.join(', ') || '—' })}
          </Text>
          <KeyValues rows={settings} testId="config-settings" />
        </>
      )}
      {env.data?.propertySources?.map((source) => (
        <Stack key={source.name} gap="xs">
          <Title order={2} size="h4">
            {t('admin.configuration.source', { name: source.name })}
          </Title>
          <KeyValues
            rows={Object.entries(source.properties)
              .map(([name, { value }]): [string, unknown] => [name, value])
              .filter(keep)}
            testId={`config-${source.name}`}
          />
        </Stack>
      ))}
    </Stack>
  );
}
