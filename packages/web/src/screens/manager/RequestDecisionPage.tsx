// /entity/<request>/view/manager/{id}/edit: the staff decision form of any request type — its facts
// read-only, the status (a select, or Valider / Rejeter buttons), the observation, Retour, Valider and
// "Valider et suivant" (Ctrl+Enter), with the request's history beside it.
import { Alert, Anchor, Button, Grid, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { IconInfoCircle, IconPrinter, IconRefresh } from '@tabler/icons-react';
import { type KeyboardEvent, type RefObject, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { NotFoundPage } from '../../app/NotFoundPage';
import { LoadingText } from '../../engine/LoadingText';
import { FieldInput } from '../../fields/field-inputs';
import { useRouteId } from '../../engine/use-entity-route';
import { DraftNotice } from '../../ui/DraftNotice';
import { PageTitle } from '../../ui/PageTitle';
import { AccountPosition } from '../../workflow/AccountFunds';
import { ApprovalNotice } from '../../workflow/ApprovalNotice';
import { PresenceNotice } from '../../workflow/PresenceNotice';
import { StatusBadge } from '../../workflow/StatusBadge';
import { refId } from '../money/money-paths';
import { DecisionButtons } from './DecisionButtons';
import { DecisionHistory } from './DecisionHistory';
import { columnLabelKey, RequestCell } from './RequestCell';
import { requestTypeByRoute, type RequestType } from './request-types';
import { useRequestDecision } from './use-request-decision';

/**
 * Why a form is only to be read, in one sentence: the request is closed, the viewer filed it (another staff
 * member decides), or the role may not decide.
 */
function ReadOnlyReason({ type, finished, filer }: { type: RequestType; finished: boolean; filer: boolean }) {
  const { t } = useTranslation();
  const roles = type.workflow.roles.map((role) => t(`roles.${role}`, { defaultValue: role }));
  const reason = finished
    ? t('manager.form.readOnly.closed')
    : filer
      ? t('manager.form.readOnly.filer')
      : t(roles.length > 1 ? 'manager.form.readOnly.roles' : 'manager.form.readOnly.role', {
          roles: roles.join(t('manager.form.readOnly.or')),
        });
  return (
    <Alert variant="light" color="gray" icon={<IconInfoCircle aria-hidden />} data-testid="read-only-reason">
      {reason}
    </Alert>
  );
}

function DecisionForm({ type, id }: { type: RequestType; id: number }) {
  const { t } = useTranslation();
  const choice = useRef<HTMLElement>(null);
  const form = useRequestDecision(type, id, choice);
  const statusField = type.entity.field(type.workflow.status)!;
  const enumName = statusField.enum!;
  const buttons = type.decision === 'buttons';
  const comment = type.workflow.comment;
  // The primary decision: the status chosen, then the next request of the list; none chosen, it asks for one.
  const primary = () => void form.submit(undefined, true);
  const shortcut = (event: KeyboardEvent) => {
    if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || !form.canDecide) return;
    event.preventDefault();
    primary();
  };
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Group gap="sm">
          <PageTitle>{t(`manager.${type.key}.editTitle`)}</PageTitle>
          {form.row && (
            // Where the request stands before any decision: the status the form saves is chosen below.
            <Group gap={6} data-testid="current-status">
              <Text size="sm" c="dimmed">
                {t('manager.decisionFlow.currentStatus')}
              </Text>
              <StatusBadge status={form.currentStatus} />
            </Group>
          )}
        </Group>
        {type.print && (
          <Anchor component={Link} to={type.print(id)} data-testid="print-link">
            <Group gap={4}>
              <IconPrinter size={16} aria-hidden />
              {t('manager.form.print')}
            </Group>
          </Anchor>
        )}
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md">
            {form.row && <DraftNotice draft={form.draft} />}
            {form.isLoading && <LoadingText />}
            {form.loadFailed && <Alert color="red">{t('entity.detail.error')}</Alert>}
            {form.conflict && (
              <Alert color="orange" data-testid="decision-conflict">
                {t('manager.form.conflict')}
              </Alert>
            )}
            {form.savedElsewhere && (
              <Alert color="orange" data-testid="saved-elsewhere">
                <Group justify="space-between" gap="xs">
                  <Text size="sm">
                    {t('manager.decisionFlow.savedElsewhere', { login: form.savedElsewhere.login })}
                  </Text>
                  <Button
                    size="compact-sm"
                    variant="default"
                    leftSection={<IconRefresh size={14} aria-hidden />}
                    onClick={() => void form.reload()}
                  >
                    {t('manager.decisionFlow.reload')}
                  </Button>
                </Group>
              </Alert>
            )}
            <PresenceNotice resource={type.entity.resource} id={id} />
            {type.workflow.fourEyes && form.row && !form.finished && <ApprovalNotice entity={type.entity} id={id} />}
            {form.row && !form.canDecide && <ReadOnlyReason type={type} finished={form.finished} filer={form.filer} />}
            {form.row && type.account && <AccountPosition accountId={refId(form.row[type.account])} />}
            {form.row && (
              <form
                noValidate
                onKeyDown={shortcut}
                onSubmit={(event) => {
                  event.preventDefault();
                  if (form.canDecide) primary();
                }}
              >
                <Paper withBorder radius="md" p="lg">
                  <Stack gap="md">
                    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                      {/* The status is shown once, beside the title. */}
                      {type.facts
                        .filter((column) => column.kind !== 'status')
                        .map((column, index) => (
                          <div key={index}>
                            <Text size="xs" c="dimmed" fw={600}>
                              {t(columnLabelKey(type, column))}
                            </Text>
                            <Text size="sm" component="div">
                              <RequestCell type={type} column={column} row={form.row!} />
                            </Text>
                          </div>
                        ))}
                    </SimpleGrid>
                    {(type.workflow.decisionFields ?? []).map((name) => {
                      const field = type.entity.field(name)!;
                      return (
                        <FieldInput
                          key={name}
                          field={field}
                          value={form.inputs[name]!}
                          onChange={(value) => form.setInput(name, value)}
                          label={t(field.labelKey)}
                          disabled={!form.canDecide}
                        />
                      );
                    })}
                    {!form.finished && !buttons && (
                      <Select
                        ref={choice as RefObject<HTMLInputElement | null>}
                        label={t(statusField.labelKey)}
                        placeholder={t('manager.decisionFlow.choosePlaceholder')}
                        value={form.status}
                        onChange={(value) => value && form.setStatus(value)}
                        disabled={!form.canDecide}
                        allowDeselect={false}
                        error={form.choiceMissing && t('manager.decisionFlow.chooseDecision')}
                        // Said aloud when it appears, not only when the select is next read.
                        errorProps={{ role: 'alert' }}
                        data={form.targets.map((value) => ({ value, label: t(`enums.${enumName}.${value}`) }))}
                      />
                    )}
                    {form.finished ? (
                      <div data-testid="observation-read-only">
                        <Text size="xs" c="dimmed" fw={600}>
                          {t('manager.form.observation')}
                        </Text>
                        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                          {comment ? String(form.row[comment] ?? '') : ''}
                        </Text>
                      </div>
                    ) : (
                      <Textarea
                        label={t('manager.form.observation')}
                        // No required mark on a form this user only reads.
                        required={type.workflow.commentRequired && form.canDecide}
                        value={form.observation}
                        onChange={(event) => form.setObservation(event.currentTarget.value)}
                        error={form.error}
                        disabled={!form.canDecide}
                        // What a decider types first: the status is a Shift+Tab away, the decision Ctrl+Enter.
                        autoFocus={form.canDecide}
                        autosize
                        minRows={3}
                      />
                    )}
                  </Stack>
                </Paper>
                <DecisionButtons type={type} form={form} choice={choice} />
              </form>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <DecisionHistory type={type} id={id} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/**
 * At /entity/<route>/view/manager/{id}/edit, and at the cash requests' own /entity/<route>/{id}/edit,
 * the Edit of their detail page (spec part 2 §2.14, §2.15).
 */
export function RequestDecisionPage() {
  const { pathname } = useLocation();
  const type = requestTypeByRoute(useParams().route ?? pathname.split('/')[2]);
  const id = useRouteId();
  if (!type || !id) return <NotFoundPage />;
  return <DecisionForm key={`${type.route}:${id}`} type={type} id={id} />;
}
