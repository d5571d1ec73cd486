// /entity/client-subscription 'Demande de Création de comptes' (spec part 2 §2.6): five filters,
// always newest first; 'Modifier' and 'Supprimer' for the manager and the desk head, 'Voir' for the others.
import { ENUMS, entityByName } from '@bank/domain';
import { Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import type { EntityRow } from '../../api/entities';
import { subscriptionQueries } from '../../api/subscriptions';
import { useEntityAccess } from '../../engine/use-entity-access';
import { entityPaths } from '../../engine/use-entity-route';
import { PageTitle } from '../../ui/PageTitle';
import { StatusBadge } from '../../workflow/StatusBadge';
import { clientColumn, fieldColumn, stackedColumn } from './columns';
import { FilterForm, type FilterDef } from './FilterForm';
import { PagedTable, type ListColumn } from './PagedTable';
import { RowActions } from './RowActions';
import { useFilteredList } from './use-filtered-list';

export const CLIENT_SUBSCRIPTION = entityByName('clientSubscription');
const PATHS = entityPaths(CLIENT_SUBSCRIPTION);

const FILTERS: readonly FilterDef[] = [
  { name: 'name', labelKey: 'subscriptions.filters.clientName' },
  { name: 'email', labelKey: 'subscriptions.filters.email' },
  { name: 'reference', labelKey: 'subscriptions.filters.reference' },
  { name: 'rib', labelKey: 'subscriptions.filters.rib' },
  {
    name: 'type',
    labelKey: 'subscriptions.filters.type',
    options: { enumName: 'clientType', values: ENUMS.clientType.values },
  },
];
const NAMES = FILTERS.map((def) => def.name);

export const subscriptionStatusBadge = (row: EntityRow) => <StatusBadge status={row.subscriptionStatus} />;

const COLUMNS: readonly ListColumn[] = [
  stackedColumn(CLIENT_SUBSCRIPTION, 'fullName', 'email', 'subscriptions.client.subscriber'),
  clientColumn,
  stackedColumn(CLIENT_SUBSCRIPTION, 'iban', 'phoneNumber', 'subscriptions.client.accountPhone'),
  {
    labelKey: 'subscriptions.client.packType',
    render: (row) => (
      <Stack gap={0}>
        <Text size="sm">{String(row.packLabel ?? '')}</Text>
        <Text size="xs" c="dimmed">
          <EnumText value={row.clientType} />
        </Text>
      </Stack>
    ),
  },
  {
    labelKey: CLIENT_SUBSCRIPTION.field('subscriptionStatus')!.labelKey,
    render: subscriptionStatusBadge,
    nowrap: true,
  },
  fieldColumn(CLIENT_SUBSCRIPTION, 'createdAt'),
];

function EnumText({ value }: { value: unknown }) {
  const { t } = useTranslation();
  return typeof value === 'string' ? <>{t(`enums.clientType.${value}`, { defaultValue: value })}</> : null;
}

export function ClientSubscriptionListPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const access = useEntityAccess(CLIENT_SUBSCRIPTION);
  const list = useFilteredList('clientSubscription', NAMES, subscriptionQueries.clientSubscriptions);
  return (
    <Stack gap="md">
      <PageTitle>{t('subscriptions.client.listTitle')}</PageTitle>
      <FilterForm defs={FILTERS} applied={list.filters} onApply={list.applyFilters} />
      <PagedTable
        list={list}
        columns={COLUMNS}
        testId="client-subscription-table"
        actions={(row) => (
          <RowActions
            canEdit={access.update}
            editTo={PATHS.edit(row.id)}
            editLabel={t('manager.actions.modify')}
            editIcon={<IconPencil size={14} aria-hidden />}
            viewTo={PATHS.view(row.id)}
            deleteTo={access.delete ? `${PATHS.remove(row.id)}${search}` : undefined}
          />
        )}
      />
      <Outlet />
    </Stack>
  );
}
