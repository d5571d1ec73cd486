// The action row under a record's detail: Back to its list, then Edit and Delete for those allowed.
import { Button, Group } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EntityPaths } from './use-entity-route';

export interface DetailActionsProps {
  paths: EntityPaths;
  id: number;
  canEdit?: boolean;
  canDelete?: boolean;
}

/**
 * Back, Edit and Delete links of a detail page (Delete opens the list's confirmation).
 * @example <DetailActions paths={entityPaths(entity)} id={id} canEdit={access.update} />
 */
export function DetailActions({ paths, id, canEdit = false, canDelete = false }: DetailActionsProps) {
  const { t } = useTranslation();
  return (
    <Group>
      <Button component={Link} to={paths.list} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
        {t('entity.action.back')}
      </Button>
      {canEdit && (
        <Button component={Link} to={paths.edit(id)} leftSection={<IconPencil size={16} aria-hidden />}>
          {t('entity.action.edit')}
        </Button>
      )}
      {canDelete && (
        <Button
          component={Link}
          to={paths.remove(id)}
          color="red"
          variant="light"
          leftSection={<IconTrash size={16} aria-hidden />}
        >
          {t('entity.action.delete')}
        </Button>
      )}
    </Group>
  );
}
