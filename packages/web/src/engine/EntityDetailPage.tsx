// /entity/{route}/{id}: every field of a row with its label, and Back and Edit.
import type { Entity } from '@bank/domain';
import { Alert, Paper, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from '../app/NotFoundPage';
import { NotAuthorized } from '../auth/NotAuthorized';
import { fieldView } from '../fields/field-registry';
import { PageTitle } from '../ui/PageTitle';
import { DetailActions } from './DetailActions';
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
      <DetailActions paths={paths} id={id} canEdit={detail.access.update && Boolean(row)} />
    </Stack>
  );
}

export function EntityDetailPage() {
  const entity = useRouteEntity();
  const id = useRouteId();
  return entity && id ? <EntityDetail key={`${entity.name}:${id}`} entity={entity} id={id} /> : <NotFoundPage />;
}
