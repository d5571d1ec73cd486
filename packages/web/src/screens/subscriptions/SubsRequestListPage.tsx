// /entity/subs-request and /entity/view/subs-request: the account-creation requests (spec part 2 §2.9)
// with the status view of the staff lists (the role's work queue, oldest first) and five filters; 'Valider'
// for who may decide, 'Voir' for the others, 'Supprimer' as the user's access allows, and the create button.
import { workflowOf } from '@bank/domain';
import { Button, Group, Stack } from '@mantine/core';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useSearchParams } from 'react-router';
import type { EntityRow } from '../../api/entities';
import { subscriptionQueries } from '../../api/subscriptions';
import { useSession } from '../../auth/use-session';
import { useEntityAccess } from '../../engine/use-entity-access';
import { readStatusView, viewCriteria, viewOrder } from '../manager/request-list-query';
import { StatusFilter } from '../manager/StatusFilter';
import { PageTitle } from '../../ui/PageTitle';
import { StatusBadge } from '../../workflow/StatusBadge';
import { fieldColumn, stackedColumn } from './columns';
import { FilterForm, type FilterDef } from './FilterForm';
import { PagedTable, type ListColumn } from './PagedTable';
import { RowActions } from './RowActions';
import { useFilteredList } from './use-filtered-list';
import { SUBS_REQUEST, SUBS_REQUEST_LIST } from './use-subs-request-form';

const FILTERS: readonly FilterDef[] = [
  { name: 'email', labelKey: 'subscriptions.filters.email' },
  { name: 'reference', labelKey: 'subscriptions.filters.reference' },
  { name: 'phoneNumber', labelKey: 'subscriptions.filters.phoneNumber' },
  { name: 'name', labelKey: 'subscriptions.filters.name' },
  { name: 'rib', labelKey: 'subscriptions.filters.rib' },
];
/** The status view rides with the filters in the address, so that applying them keeps it. */
const NAMES = [...FILTERS.map((def) => def.name), 'status'];
const QUEUED = { entity: SUBS_REQUEST, workflow: workflowOf(SUBS_REQUEST.name)! };

const COLUMNS: readonly ListColumn[] = [
  stackedColumn(SUBS_REQUEST, 'login', 'fullName', 'subscriptions.request.loginName'),
  fieldColumn(SUBS_REQUEST, 'email'),
  // The phone under the account, as on the subscribers' list: the list fits 1366 px.
  stackedColumn(SUBS_REQUEST, 'iban', 'phoneNumber', 'subscriptions.client.accountPhone'),
  fieldColumn(SUBS_REQUEST, 'clientType'),
  stackedColumn(SUBS_REQUEST, 'createdAt', 'updatedAt', 'manager.columns.createdUpdated'),
  {
    labelKey: SUBS_REQUEST.field('requestStatus')!.labelKey,
    render: (row: EntityRow) => <StatusBadge status={row.requestStatus} />,
    nowrap: true,
  },
];

export function SubsRequestListPage() {
  const { t } = useTranslation();
  const { search } = useLocation();
  const access = useEntityAccess(SUBS_REQUEST);
  const { account } = useSession();
  const [params, setParams] = useSearchParams();
  const view = readStatusView(QUEUED, params, account?.authorities ?? []);
  const list = useFilteredList('subsRequest', NAMES, ({ status: _view, ...filters }, paging) =>
    subscriptionQueries.subsRequests(
      { ...filters, ...viewCriteria(QUEUED, view) },
      { ...paging, sort: viewOrder(QUEUED, view) },
    ),
  );
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <PageTitle>{t('subscriptions.request.listTitle')}</PageTitle>
        {access.create && (
          <Button component={Link} to={`${SUBS_REQUEST_LIST}/new`} leftSection={<IconPlus size={16} aria-hidden />}>
            {t('subscriptions.request.create')}
          </Button>
        )}
      </Group>
      <StatusFilter
        type={QUEUED}
        value={view}
        onChange={(next) =>
          setParams((current) => {
            current.set('status', next);
            current.delete('page');
            return current;
          })
        }
      />
      <FilterForm defs={FILTERS} applied={list.filters} onApply={list.applyFilters} />
      <PagedTable
        list={list}
        columns={COLUMNS}
        testId="subs-request-table"
        actions={(row) => (
          <RowActions
            canEdit={access.update}
            editTo={`${SUBS_REQUEST_LIST}/${row.id}/edit${search}`}
            editLabel={t('manager.form.validate')}
            editIcon={<IconCheck size={14} aria-hidden />}
            viewTo={`${SUBS_REQUEST_LIST}/${row.id}${search}`}
            deleteTo={access.delete ? `${SUBS_REQUEST_LIST}/${row.id}/delete${search}` : undefined}
          />
        )}
      />
      <Outlet />
    </Stack>
  );
}
