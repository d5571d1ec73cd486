// /entity/{route}/{id}/delete: the confirmation over the list; Cancel or Delete, then back to the list.
import type { Entity } from '@bank/domain';
import { Button, Group, Modal, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useEntityDelete } from './use-entity-delete';
import { useRouteEntity, useRouteId } from './use-entity-route';

export function DeleteDialog({ entity, id }: { entity: Entity; id: number }) {
  const { t } = useTranslation();
  const dialog = useEntityDelete(entity, id);
  return (
    <Modal opened onClose={dialog.cancel} title={t('entity.delete.title')} centered data-testid="delete-dialog">
      <Text>{t('entity.delete.question', { entity: t(entity.labelKey), id })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={dialog.cancel} data-autofocus>
          {t('entity.action.cancel')}
        </Button>
        {dialog.allowed && (
          <Button
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            loading={dialog.isDeleting}
            onClick={() => void dialog.confirm()}
          >
            {t('entity.action.delete')}
          </Button>
        )}
      </Group>
    </Modal>
  );
}

export function EntityDeleteDialog() {
  const entity = useRouteEntity();
  const id = useRouteId();
  // The list behind already shows the not-found page for an unknown entity.
  return entity && id ? <DeleteDialog key={`${entity.name}:${id}`} entity={entity} id={id} /> : null;
}
