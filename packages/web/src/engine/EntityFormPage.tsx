// /entity/{route}/new and /entity/{route}/{id}/edit: one input per field through the registry,
// the id read-only on edit, a draft restored, Save disabled while saving, then back to the list.
import type { Entity } from '@bank/domain';
import { Alert, Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotFoundPage } from '../app/NotFoundPage';
import { NotAuthorized } from '../auth/NotAuthorized';
import { FieldInput } from '../fields/field-inputs';
import type { Message } from '../fields/types';
import { DraftNotice } from '../ui/DraftNotice';
import { PageTitle } from '../ui/PageTitle';
import { RequestFunds } from '../workflow/AccountFunds';
import { LoadingText } from './LoadingText';
import { useEntityForm } from './use-entity-form';
import { useEntityPaths, useRouteEntity, useRouteId } from './use-entity-route';

/** After a refused save, the first field in error takes the focus (keyboard and screen-reader users). */
function focusFirstError(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

export function EntityForm({ entity, id }: { entity: Entity; id: number | null }) {
  const { t } = useTranslation();
  const form = useEntityForm(entity, id);
  const paths = useEntityPaths(entity);
  const formRef = useRef<HTMLFormElement>(null);
  const say = (message: Message | undefined) => (message ? t(message.key, message.values) : undefined);
  if (!form.allowed) return <NotAuthorized />;
  const title =
    id === null
      ? t('entity.form.createTitle', { entity: t(entity.labelKey) })
      : t('entity.form.editTitle', { entity: t(entity.labelKey), id });

  return (
    <Stack gap="md" maw={760}>
      <PageTitle>{title}</PageTitle>
      {form.values && <DraftNotice draft={form.draft} />}
      {form.isLoading && <LoadingText />}
      {form.loadFailed && (
        <Alert color="red" variant="light">
          {t('entity.detail.error')}
        </Alert>
      )}
      {form.values && (
        <form
          ref={formRef}
          noValidate
          onSubmit={async (event) => {
            if ((await form.submit(event)) === 'invalid') focusFirstError(formRef.current);
          }}
        >
          <Paper withBorder radius="md" p="lg">
            <Stack gap="md">
              {id !== null && <TextInput label={t('entity.field.id')} value={String(id)} readOnly maw={200} />}
              {entity.fields.map((field) => {
                // What the server sets is not asked on a new record, and shown read-only on an existing one;
                // a field kept by other roles than the user's is shown read-only.
                const write = form.writeOf(field);
                if (write === 'server' && id === null) return null;
                const readOnly = write !== 'open';
                return (
                  <FieldInput
                    key={field.name}
                    field={field}
                    value={form.values![field.name]!}
                    onChange={(value) => form.setValue(field.name, value)}
                    label={t(field.labelKey)}
                    error={say(form.errors[field.name])}
                    required={field.required === true && !readOnly}
                    disabled={readOnly}
                  />
                );
              })}
              {/* A new request that moves money: what its account can give, before the save. */}
              {id === null && <RequestFunds entity={entity} values={form.values} />}
              {form.formErrors.map((message, index) => (
                <Alert key={index} color="red" variant="light">
                  {say(message)}
                </Alert>
              ))}
            </Stack>
          </Paper>
          <Group mt="md">
            <Button
              component={Link}
              to={paths.list}
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
            >
              {t('entity.action.cancel')}
            </Button>
            <Button
              type="submit"
              loading={form.isSaving}
              disabled={form.isSaving}
              leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            >
              {t('entity.action.save')}
            </Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}

export function EntityFormPage() {
  const entity = useRouteEntity();
  const id = useRouteId();
  if (!entity || id === undefined) return <NotFoundPage />;
  return <EntityForm key={`${entity.name}:${id ?? 'new'}`} entity={entity} id={id} />;
}
