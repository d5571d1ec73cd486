// A subscription list row's buttons: the edit action (worded per list) for those who may change it,
// 'Voir' for the others, and 'Supprimer' (to the delete dialog over the list) for those who may delete.
import { Button } from '@mantine/core';
import { IconEye, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RowActionStack } from '../../ui/RowActionStack';

interface RowActionsProps {
  canEdit: boolean;
  editTo: string;
  editLabel: string;
  editIcon: ReactNode;
  viewTo: string;
  /** Absent when the user may not delete. */
  deleteTo?: string;
}

export function RowActions({ canEdit, editTo, editLabel, editIcon, viewTo, deleteTo }: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <RowActionStack>
      {canEdit ? (
        <Button component={Link} to={editTo} size="compact-sm" leftSection={editIcon}>
          {editLabel}
        </Button>
      ) : (
        <Button
          component={Link}
          to={viewTo}
          size="compact-sm"
          variant="light"
          leftSection={<IconEye size={14} aria-hidden />}
        >
          {t('manager.actions.view')}
        </Button>
      )}
      {deleteTo && (
        <Button
          component={Link}
          to={deleteTo}
          size="compact-sm"
          color="red"
          variant="light"
          leftSection={<IconTrash size={14} aria-hidden />}
        >
          {t('entity.action.delete')}
        </Button>
      )}
    </RowActionStack>
  );
}
