// The four-eyes rule on a decision form: who gave the first validation and when, or that this amount
// will need two; nothing when the rule does not apply.
import { formatDateTime, type Entity } from '@bank/domain';
import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { approvalsQuery } from '../api/approvals';

export function ApprovalNotice({ entity, id }: { entity: Entity; id: number }) {
  const { t } = useTranslation();
  const state = useQuery(approvalsQuery(entity, id)).data;
  if (!state?.required) return null;
  const [first] = state.approvals;
  return first ? (
    <Alert color="yellow" data-testid="approval-notice">
      {t('manager.fourEyes.first', { login: first.login, date: formatDateTime(first.approvedAt) })}
    </Alert>
  ) : (
    <Alert color="blue" data-testid="approval-notice">
      {t('manager.fourEyes.required')}
    </Alert>
  );
}
