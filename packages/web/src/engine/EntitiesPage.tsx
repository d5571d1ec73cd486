// /entity: the staff area's entry — every entity of the registry the user may read, by translated
// name, with a filter, so that a person reaches every generic screen.
import { ENTITIES, can } from '@bank/domain';
import { Anchor, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../auth/use-session';
import { PageTitle } from '../ui/PageTitle';
import { entityPaths } from './use-entity-route';

/** Accents and case aside, as the server's search compares. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function EntitiesPage() {
  const { t, i18n } = useTranslation();
  const { account } = useSession();
  const [filter, setFilter] = useState('');
  const entries = ENTITIES.filter((entity) => can(account?.authorities, 'read', entity.name))
    .map((entity) => ({ entity, name: t(`entities.${entity.name}.plural`) }))
    .filter(({ name }) => fold(name).includes(fold(filter.trim())))
    .sort((a, b) => a.name.localeCompare(b.name, i18n.language));

  return (
    <Stack gap="md">
      <PageTitle>{t('global.menu.entities.main')}</PageTitle>
      <TextInput
        maw={420}
        label={t('entity.home.filter')}
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden />}
      />
      {entries.length === 0 && <Text c="dimmed">{t('entity.list.empty')}</Text>}
      <SimpleGrid
        cols={{ base: 1, sm: 2, md: 3, lg: 4 }}
        spacing="sm"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {entries.map(({ entity, name }) => (
          <Paper key={entity.name} component="li" withBorder radius="md" px="md" py="sm">
            <Anchor component={Link} to={entityPaths(entity).list} fw={600}>
              {name}
            </Anchor>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
