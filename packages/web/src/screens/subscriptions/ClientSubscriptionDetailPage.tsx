// /entity/client-subscription/{id} (spec part 2 §2.6): the client and the subscriber as the validation
// page shows them, the current state as a badge and the pack; Back, and Edit and Delete for those
// allowed (the manager and the desk head), Delete opening the list's confirmation with the id.
import { Alert, Paper, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NotFoundPage } from '../../app/NotFoundPage';
import { DetailActions } from '../../engine/DetailActions';
import { LoadingText } from '../../engine/LoadingText';
import { useEntityDetail } from '../../engine/use-entity-detail';
import { entityPaths, useRouteId } from '../../engine/use-entity-route';
import { PageTitle } from '../../ui/PageTitle';
import { StatusBadge } from '../../workflow/StatusBadge';
import { CLIENT_SUBSCRIPTION } from './ClientSubscriptionListPage';
import { Fact, SubscriptionFacts } from './SubscriptionFacts';

const PATHS = entityPaths(CLIENT_SUBSCRIPTION);

function Detail({ id }: { id: number }) {
  const { t } = useTranslation();
  const { row, access, isError } = useEntityDetail(CLIENT_SUBSCRIPTION, id);
  if (isError) return <Alert color="red">{t('entity.detail.error')}</Alert>;
  if (!row) return <LoadingText />;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="lg">
        <SubscriptionFacts row={row} />
      </Paper>
      <Paper withBorder radius="md" p="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="subscription-state">
          <Fact label={t('subscriptions.client.currentState')}>
            <StatusBadge status={row.subscriptionStatus} />
          </Fact>
          <Fact label={t(CLIENT_SUBSCRIPTION.field('packId')!.labelKey)}>{String(row.packLabel ?? '')}</Fact>
        </SimpleGrid>
      </Paper>
      <DetailActions paths={PATHS} id={id} canEdit={access.update} canDelete={access.delete} />
    </Stack>
  );
}

export function ClientSubscriptionDetailPage() {
  const { t } = useTranslation();
  const id = useRouteId();
  if (!id) return <NotFoundPage />;
  return (
    <Stack gap="md" maw={900}>
      <PageTitle>{t('subscriptions.client.detailTitle', { id })}</PageTitle>
      <Detail key={id} id={id} />
    </Stack>
  );
}
