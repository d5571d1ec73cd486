// /entity/<request>/view/manager/{id}/edit: the staff decision form of any request type — its facts
// read-only, the status (a select, or Valider / Rejeter buttons), the observation, Retour and Valider.
import { Alert, Anchor, Button, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { IconArrowLeft, IconCheck, IconPrinter, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { NotFoundPage } from '../../app/NotFoundPage';
import { LoadingText } from '../../engine/LoadingText';
import { FieldInput } from '../../fields/field-inputs';
import { useRouteId } from '../../engine/use-entity-route';
import { PageTitle } from '../../ui/PageTitle';
import { ApprovalNotice } from '../../workflow/ApprovalNotice';
import { PresenceNotice } from '../../workflow/PresenceNotice';
import { StatusBadge } from '../../workflow/StatusBadge';
import { columnLabelKey, RequestCell } from './RequestCell';
import { managerPaths, requestTypeByRoute, type RequestType } from './request-types';
import { useRequestDecision } from './use-request-decision';

function DecisionForm({ type, id }: { type: RequestType; id: number }) {
  const { t } = useTranslation();
  const form = useRequestDecision(type, id);
  const statusField = type.entity.field(type.workflow.status)!;
  const enumName = statusField.enum!;
  const buttons = type.decision === 'buttons';
  const comment = type.workflow.comment;
  return (
    <Stack gap="md" maw={860}>
      <Group justify="space-between">
        <PageTitle>{t(`manager.${type.key}.editTitle`)}</PageTitle>
        {type.print && (
          <Anchor component={Link} to={type.print(id)} data-testid="print-link">
            <Group gap={4}>
              <IconPrinter size={16} aria-hidden />
              {t('manager.form.print')}
            </Group>
          </Anchor>
        )}
      </Group>
      {form.isLoading && <LoadingText />}
      {form.loadFailed && <Alert color="red">{t('entity.detail.error')}</Alert>}
      {form.conflict && (
        <Alert color="orange" data-testid="decision-conflict">
          {t('manager.form.conflict')}
        </Alert>
      )}
      <PresenceNotice resource={type.entity.resource} id={id} />
      {type.workflow.fourEyes && form.row && !form.finished && <ApprovalNotice entity={type.entity} id={id} />}
      {form.row && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void form.submit();
          }}
        >
          <Paper withBorder radius="md" p="lg">
            <Stack gap="md">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {type.facts.map((column, index) => (
                  <div key={index}>
                    <Text size="xs" c="dimmed" fw={600}>
                      {t(columnLabelKey(type, column))}
                    </Text>
                    <Text size="sm" component="div">
                      <RequestCell type={type} column={column} row={form.row!} badge={type.formBadge} />
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
              {form.finished ? (
                // A finished request shows its status among the facts, or here when the facts have none.
                !type.facts.some((column) => column.kind === 'status') && (
                  <Group gap="xs">
                    <Text size="sm" fw={500}>
                      {t(statusField.labelKey)}
                    </Text>
                    <StatusBadge rule={type.formBadge} enumName={enumName} status={form.row[statusField.name]} />
                  </Group>
                )
              ) : buttons ? (
                <Group gap="xs">
                  <Text size="sm" fw={500}>
                    {t(statusField.labelKey)}
                  </Text>
                  <StatusBadge rule={type.formBadge} enumName={enumName} status={form.row[statusField.name]} />
                </Group>
              ) : (
                <Select
                  label={t(statusField.labelKey)}
                  value={form.status}
                  onChange={(value) => value && form.setStatus(value)}
                  disabled={!form.canDecide}
                  allowDeselect={false}
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
                  required={type.workflow.commentRequired}
                  value={form.observation}
                  onChange={(event) => form.setObservation(event.currentTarget.value)}
                  error={form.error}
                  disabled={!form.canDecide}
                  autosize
                  minRows={3}
                />
              )}
            </Stack>
          </Paper>
          <Group mt="md">
            <Button
              component={Link}
              to={managerPaths(type).list}
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
            >
              {t('manager.form.back')}
            </Button>
            {form.canDecide && !buttons && (
              <Button type="submit" loading={form.isSaving} leftSection={<IconCheck size={16} aria-hidden />}>
                {t('manager.form.validate')}
              </Button>
            )}
            {form.canDecide &&
              buttons &&
              form.targets.map((target) => (
                <Button
                  key={target}
                  color={target === 'REJECTED' ? 'red' : 'green'}
                  loading={form.isSaving}
                  onClick={() => void form.submit(target)}
                  leftSection={
                    target === 'REJECTED' ? <IconX size={16} aria-hidden /> : <IconCheck size={16} aria-hidden />
                  }
                >
                  {t(`manager.form.target.${target}`)}
                </Button>
              ))}
          </Group>
        </form>
      )}
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
