// /entity/{route}: the generic list of any entity, with the delete dialog routed over it.
import type { Entity } from '@bank/domain';
import { Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { NotFoundPage } from '../app/NotFoundPage';
import { NotAuthorized } from '../auth/NotAuthorized';
import { ListExport } from '../ui/ListExport';
import { PageTitle } from '../ui/PageTitle';
import { EntityTable } from './EntityTable';
import { ListFooter, ListLayoutControls, ListSearch, ListState } from './ListParts';
import { useEntityList } from './use-entity-list';
import { useEntityPaths, useRouteEntity } from './use-entity-route';

export function EntityList({ entity }: { entity: Entity }) {
  const { t } = useTranslation();
  const list = useEntityList(entity);
  const paths = useEntityPaths(entity);
  if (!list.access.read) return <NotAuthorized />;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <PageTitle>{t(`entities.${entity.name}.plural`)}</PageTitle>
        {list.access.create && (
          <Button component={Link} to={paths.create} leftSection={<IconPlus size={16} aria-hidden />}>
            {t('entity.action.create')}
          </Button>
        )}
      </Group>
      <ListSearch list={list} />
      <Group justify="space-between" align="flex-end" gap="md">
        <ListLayoutControls
          layout={list.layout}
          paged={entity.paging === 'pages'}
          columns={list.allColumns.map((field) => ({ id: field.name, label: t(field.labelKey) }))}
        />
        <ListExport source={list.source} />
      </Group>
      <ListState list={list} />
      {list.rows.length > 0 && <EntityTable list={list} />}
      <ListFooter list={list} />
      <Outlet />
    </Stack>
  );
}

export function EntityListPage() {
  const entity = useRouteEntity();
  // Keyed: another entity's list starts with its own search box and state.
  return entity ? <EntityList key={entity.name} entity={entity} /> : <NotFoundPage />;
}
