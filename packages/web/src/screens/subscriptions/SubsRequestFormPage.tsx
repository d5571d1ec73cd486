// /entity/subs-request/new, /{id}/edit and /{id}: the subscription request form (spec part 2 §2.9).
// A new request goes through the customer check then the save, with a loading indicator; a refused
// check opens a warning modal with the server's reason, a failed save tells what to do.
import { Alert, Button, Group, LoadingOverlay, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { NotFoundPage } from '../../app/NotFoundPage';
import { NotAuthorized } from '../../auth/NotAuthorized';
import { LoadingText } from '../../engine/LoadingText';
import { useRouteId } from '../../engine/use-entity-route';
import { FieldInput } from '../../fields/field-inputs';
import type { Message } from '../../fields/types';
import { DraftNotice } from '../../ui/DraftNotice';
import { PageTitle } from '../../ui/PageTitle';
import { PackSelect } from './PackSelect';
import { FORM_FIELDS, formField, SUBS_REQUEST_LIST, useSubsRequestForm, type Mode } from './use-subs-request-form';

function SubsRequestForm({ id, mode }: { id: number | null; mode: Mode }) {
  const { t } = useTranslation();
  const form = useSubsRequestForm(id, mode);
  const say = (message: Message | undefined) => (message ? t(message.key, message.values) : undefined);
  const readOnly = mode === 'view' || form.busy;
  if (!form.allowed) return <NotAuthorized />;
  return (
    <Stack gap="md" maw={760}>
      <PageTitle>{t(`subscriptions.request.${mode}Title`, { id })}</PageTitle>
      {form.values && <DraftNotice draft={form.draft} />}
      {form.isLoading && <LoadingText />}
      {form.loadFailed && <Alert color="red">{t('entity.detail.error')}</Alert>}
      {form.values && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void form.submit();
          }}
        >
          <Paper withBorder radius="md" p="lg" pos="relative">
            <LoadingOverlay
              visible={form.busy}
              zIndex={10}
              loaderProps={{
                children: form.busy ? <Text fw={600}>{t(`subscriptions.request.${form.phase}`)}</Text> : null,
              }}
            />
            <Stack gap="md">
              {id !== null && <TextInput label={t('entity.field.id')} value={String(id)} readOnly maw={200} />}
              {FORM_FIELDS.map((name) => {
                const field = formField(form.entity.field(name)!);
                return (
                  <FieldInput
                    key={name}
                    field={field}
                    value={form.values![name]!}
                    onChange={(value) => form.setValue(name, value)}
                    label={t(field.labelKey)}
                    error={say(form.errors[name])}
                    required={field.required === true}
                    disabled={readOnly}
                  />
                );
              })}
              <PackSelect
                label={t('entities.subsRequest.fields.packId')}
                value={form.packId}
                onChange={form.setPackId}
                error={say(form.errors.packId)}
                required={mode === 'new'}
                disabled={readOnly}
              />
              {mode !== 'new' && <Input name="requestStatus" form={form} disabled={readOnly} />}
              {form.saveFailed && (
                <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="save-failed">
                  {t('subscriptions.request.saveFailed', { reference: form.reference })}
                </Alert>
              )}
            </Stack>
          </Paper>
          <Group mt="md">
            <Button
              component={Link}
              to={SUBS_REQUEST_LIST}
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
            >
              {t('manager.form.back')}
            </Button>
            {mode !== 'view' && (
              <Button type="submit" loading={form.busy} leftSection={<IconCheck size={16} aria-hidden />}>
                {t('manager.form.validate')}
              </Button>
            )}
          </Group>
        </form>
      )}
      <Modal
        opened={form.refusal !== null}
        onClose={form.closeRefusal}
        title={t('subscriptions.request.refusedTitle')}
        centered
      >
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="check-refused">
          {form.refusal}
        </Alert>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={form.closeRefusal} data-autofocus>
            {t('entity.action.cancel')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

/** One declared field of the request through the registry (the status of an existing request). */
function Input({
  name,
  form,
  disabled,
}: {
  name: string;
  form: ReturnType<typeof useSubsRequestForm>;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const field = form.entity.field(name)!;
  return (
    <FieldInput
      field={field}
      value={form.values![name]!}
      onChange={(value) => form.setValue(name, value)}
      label={t(field.labelKey)}
      disabled={disabled}
    />
  );
}

export function SubsRequestFormPage() {
  const id = useRouteId();
  const { pathname } = useLocation();
  if (id === undefined) return <NotFoundPage />;
  const mode: Mode = id === null ? 'new' : pathname.endsWith('/edit') ? 'edit' : 'view';
  return <SubsRequestForm key={`${mode}:${id ?? 'new'}`} id={id} mode={mode} />;
}
