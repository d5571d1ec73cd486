// A request row's buttons, the same for every request type: 'Historique' for all, then 'Action' or
// 'Modifier' for those who may decide (the workflow's roles through can()), 'Voir' for the others.
import { Button } from '@mantine/core';
import { IconEye, IconHistory, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RowActionStack } from '../ui/RowActionStack';

export type DecideLabel = 'action' | 'modify' | 'validate';

interface RequestActionsProps {
  historyTo: string;
  editTo: string;
  canDecide: boolean;
  decideLabel: DecideLabel;
}

export function RequestActions({ historyTo, editTo, canDecide, decideLabel }: RequestActionsProps) {
  const { t } = useTranslation();
  return (
    <RowActionStack>
      <Button
        component={Link}
        to={historyTo}
        // The history opens over the list: the list stays where it is scrolled.
        preventScrollReset
        size="compact-sm"
        variant="light"
        color="gray"
        leftSection={<IconHistory size={14} aria-hidden />}
      >
        {t('manager.actions.history')}
      </Button>
      <Button
        component={Link}
        to={editTo}
        data-row-open
        size="compact-sm"
        variant={canDecide ? 'filled' : 'light'}
        leftSection={canDecide ? <IconPencil size={14} aria-hidden /> : <IconEye size={14} aria-hidden />}
      >
        {canDecide ? t(`manager.actions.${decideLabel}`) : t('manager.actions.view')}
      </Button>
    </RowActionStack>
  );
}
