// /entity/{route}/{id}: every field of a row with its label, and Back and Edit.
import type { Entity } from '@bank/domain';
import { Alert, Button, Group, Paper, Stack, Table } from '@mantine/core';
import { IconArrowLeft, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotFoundPage } from '../app/NotFoundPage';
import { NotAuthorized } from '../auth/NotAuthorized';
import { fieldView } from '../fields/field-registry';
import { PageTitle } from '../ui/PageTitle';
import { LoadingText } from './LoadingText';
import { useEntityDetail } from './use-entity-detail';
import { entityPaths, useRouteEntity, useRouteId } from './use-entity-route';

function EntityDetail({ entity, id }: { entity: Entity; id: number }) {
  const { t } = useTranslation();
  const detail = useEntityDetail(entity, id);
  const paths = entityPaths(entity);
  if (!detail.access.read) return <NotAuthorized />;
  const { row } = detail;
  return (
    <Stack gap="md" maw={960}>
      <PageTitle>{t('entity.detail.title', { entity: t(entity.labelKey), id })}</PageTitle>
      {detail.isLoading && <LoadingText />}
      {detail.isError && (
        <Alert color="red" variant="light">
          {t('entity.detail.error')}
        </Alert>
      )}
      {row && (
        <Paper withBorder radius="md">
          <Table variant="vertical" layout="fixed" withRowBorders data-testid="entity-detail">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={260} scope="row">
                  {t('entity.field.id')}
                </Table.Th>
                <Table.Td>{row.id}</Table.Td>
              </Table.Tr>
              {detail.fields.map((field) => {
                const { Display } = fieldView(field);
                return (
                  <Table.Tr key={field.name}>
                    <Table.Th scope="row">{t(field.labelKey)}</Table.Th>
                    <Table.Td>
                      <Display field={field} value={row[field.name]} row={row} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <Group>
        <Button
          component={Link}
          to={paths.list}
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          {t('entity.action.back')}
        </Button>
        {detail.access.update && row && (
          <Button component={Link} to={paths.edit(id)} leftSection={<IconPencil size={16} aria-hidden />}>
            {t('entity.action.edit')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

export function EntityDetailPage() {
  const entity = useRouteEntity();
  const id = useRouteId();
  return entity && id ? <EntityDetail key={`${entity.name}:${id}`} entity={entity} id={id} /> : <NotFoundPage />;
}
