// Beside a decision form: the request's history, newest first (the same table or callouts as its history
// page), under where a four-eyes validation stands ("1/2 — validé par manager").
import { Badge, Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { approvalsQuery } from '../../api/approvals';
import { HistoryCallouts } from '../../workflow/HistoryCallouts';
import { HistoryTable } from '../../workflow/HistoryTable';
import type { RequestType } from './request-types';

/** The validations a large amount has had so far, out of the two it needs; nothing before the first. */
function ApprovalProgress({ type, id }: { type: RequestType; id: number }) {
  const { t } = useTranslation();
  const state = useQuery(approvalsQuery(type.entity, id)).data;
  if (!state?.required || state.approvals.length === 0) return null;
  return (
    <Badge color="yellow" variant="light" radius="sm" tt="none" data-testid="approval-progress">
      {t('manager.decisionFlow.approvals', {
        given: state.approvals.length,
        logins: state.approvals.map((approval) => approval.login).join(', '),
      })}
    </Badge>
  );
}

export function DecisionHistory({ type, id }: { type: RequestType; id: number }) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="md" p="md" data-testid="decision-history">
      <Stack gap="sm">
        <Title order={2} size="h4" id={titleId}>
          {t('manager.decisionFlow.history')}
        </Title>
        {type.workflow.fourEyes && <ApprovalProgress type={type} id={id} />}
        {type.storyCallouts ? (
          <HistoryCallouts source={type.history} requestId={id} />
        ) : (
          <HistoryTable source={type.history} requestId={id} />
        )}
      </Stack>
    </Paper>
  );
}
