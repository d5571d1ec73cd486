// /entity/client-subscription/{id}/edit 'Validation de l'abonnement' (spec part 2 §2.6): the client
// and the subscriber read-only, the requested services, 'État actuel' and the pack; 'Valider' for the
// manager and the desk head only (the server refuses the others), then back to the list.
import { ENUMS } from '@bank/domain';
import { Alert, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { entityMutations, entityQueries, type EntityRow } from '../../api/entities';
import { NotFoundPage } from '../../app/NotFoundPage';
import { LoadingText } from '../../engine/LoadingText';
import { useEntityAccess } from '../../engine/use-entity-access';
import { entityPaths, useRouteId } from '../../engine/use-entity-route';
import { PageTitle } from '../../ui/PageTitle';
import { StatusBadge } from '../../workflow/StatusBadge';
import { CLIENT_SUBSCRIPTION } from './ClientSubscriptionListPage';
import { PackSelect } from './PackSelect';
import { SubscriptionFacts } from './SubscriptionFacts';

const LIST = entityPaths(CLIENT_SUBSCRIPTION).list;

/** The PUT body: the declared fields as read, the chosen status and pack, validated now. */
export function validationBody(row: EntityRow, status: string, packId: number | null, now = new Date()): EntityRow {
  const body: EntityRow = { id: row.id, version: row.version };
  for (const field of CLIENT_SUBSCRIPTION.fields) body[field.name] = row[field.name] ?? null;
  return { ...body, subscriptionStatus: status, packId, validationDate: now.toISOString() };
}

function ValidationForm({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canValidate = useEntityAccess(CLIENT_SUBSCRIPTION).update;
  const loaded = useQuery({ ...entityQueries(CLIENT_SUBSCRIPTION).get(id), refetchOnMount: 'always' });
  const row = loaded.isFetchedAfterMount ? loaded.data : undefined;
  const [status, setStatus] = useState<string | null>(null);
  const [pack, setPack] = useState<string | null>(null);
  const update = useMutation(entityMutations(CLIENT_SUBSCRIPTION, queryClient).update);
  if (loaded.isError) return <Alert color="red">{t('entity.detail.error')}</Alert>;
  if (!row) return <LoadingText />;
  const currentStatus = status ?? String(row.subscriptionStatus ?? 'PENDING');
  const currentPack = pack ?? (typeof row.packId === 'number' ? String(row.packId) : null);
  const say = (key: string) => t(`subscriptions.client.${key}`);
  const submit = async () => {
    try {
      await update.mutateAsync(validationBody(row, currentStatus, currentPack === null ? null : Number(currentPack)));
      await queryClient.invalidateQueries({ queryKey: ['manager'] });
      await navigate(LIST);
    } catch {
      // The toast told why (refused, stale version).
    }
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        <Paper withBorder radius="md" p="lg">
          <SubscriptionFacts row={row} />
        </Paper>
        <Paper withBorder radius="md" p="lg">
          <Stack gap="md">
            <Group gap="xs">
              <Text size="sm" fw={500}>
                {say('currentState')}
              </Text>
              <StatusBadge status={row.subscriptionStatus} />
            </Group>
            <Select
              label={say('currentState')}
              value={currentStatus}
              onChange={(value) => value && setStatus(value)}
              allowDeselect={false}
              disabled={!canValidate}
              maw={360}
              data-testid="state-select"
              data={ENUMS.subscriptionStatus.values.map((value) => ({
                value,
                label: t(`enums.subscriptionStatus.${value}`),
              }))}
            />
            <PackSelect
              label={t(CLIENT_SUBSCRIPTION.field('packId')!.labelKey)}
              value={currentPack}
              onChange={setPack}
              disabled={!canValidate}
              current={
                typeof row.packId === 'number'
                  ? { id: row.packId, label: String(row.packLabel ?? `#${row.packId}`) }
                  : null
              }
            />
          </Stack>
        </Paper>
        <Group>
          <Button component={Link} to={LIST} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
            {t('manager.form.back')}
          </Button>
          {canValidate && (
            <Button type="submit" loading={update.isPending} leftSection={<IconCheck size={16} aria-hidden />}>
              {t('manager.form.validate')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

export function ClientSubscriptionEditPage() {
  const { t } = useTranslation();
  const id = useRouteId();
  if (!id) return <NotFoundPage />;
  return (
    <Stack gap="md" maw={900}>
      <PageTitle>{t('subscriptions.client.editTitle')}</PageTitle>
      <ValidationForm key={id} id={id} />
    </Stack>
  );
}
