// /entity/<request>/view/manager: the staff list of any request type (request-types.ts): a status view
// (the role's work queue, oldest first, unless the address says otherwise), four-eyes decisions half done
// marked on their rows, rows ticked for the export or a bulk decision. Its filters' code loads only for the
// lists that have filters.
import { Button, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { openApprovalsQuery, type Approval } from '../../api/approvals';
import type { EntityRow } from '../../api/entities';
import { NotFoundPage } from '../../app/NotFoundPage';
import { ListLayoutControls, SavedFilters } from '../../engine/ListParts';
import { SortableTh } from '../../engine/SortableTh';
import { useEntityAccess } from '../../engine/use-entity-access';
import { FitTable } from '../../ui/FitTable';
import { ListExport } from '../../ui/ListExport';
import { PagedList } from '../../ui/PagedList';
import { PageTitle } from '../../ui/PageTitle';
import { BulkDecisionBar } from '../../workflow/BulkDecisionBar';
import { RequestActions } from '../../workflow/RequestActions';
import { columnLabelKey, RequestCell } from './RequestCell';
import { loadedRequestFilters, loadRequestFilters, requestLayoutName } from './request-list-query';
import { sortKeyOf } from './request-sort';
import { managerPaths, requestTypeByRoute, type Column, type RequestType } from './request-types';
import { SelectedExport } from './SelectedExport';
import { StatusFilter } from './StatusFilter';
import { useRequestList, type RequestListController } from './use-request-list';
import { lazyComponent } from '../../app/lazy-group';

const RequestFilters = lazyComponent(() => loadRequestFilters().then((module) => module.RequestFilters));

/** The select-all box of the page: ticked when every row of the page is, mixed when some are. */
function SelectPage({ list }: { list: RequestListController }) {
  const { t } = useTranslation();
  const ticked = list.rows.filter((row) => list.selection.selected.has(row.id)).length;
  const all = ticked > 0 && ticked === list.rows.length;
  return (
    <Checkbox
      aria-label={t('manager.export.selectPage')}
      checked={all}
      indeterminate={ticked > 0 && !all}
      onChange={() => list.selection.toggle(list.rows, !all)}
    />
  );
}

/** Under the four-eyes rule, the open validations of the page's waiting rows, by request id. */
function useOpenApprovals(type: RequestType, rows: readonly EntityRow[]) {
  const rule = type.workflow.fourEyes;
  const waiting = rule ? rows.filter((row) => row[type.workflow.status] === rule.waiting).map((row) => row.id) : [];
  return useQuery(openApprovalsQuery(type.entity, waiting)).data ?? {};
}

/** A half-done four-eyes decision: "1/2 — validé par manager". */
function ApprovalMark({ approvals }: { approvals: readonly Approval[] | undefined }) {
  const { t } = useTranslation();
  const [first] = approvals ?? [];
  if (!first) return null;
  return (
    <Text size="xs" c="dimmed" mt={2} data-testid="approval-mark">
      {t('manager.fourEyes.half', { given: approvals!.length, login: first.login })}
    </Text>
  );
}

/** What a column is remembered under when hidden: its field, or its kind. */
const columnId = (column: Column) => (column.kind === 'field' ? column.name : column.kind);

function RequestTable({ type, list }: { type: RequestType; list: RequestListController }) {
  const { t } = useTranslation();
  // The links carry the list's view, so that the form and the history come back to it.
  const { search } = useLocation();
  const approvals = useOpenApprovals(type, list.rows);
  // Rows are ticked for the export and, for whoever decides, for a bulk decision.
  const selectable = Boolean(type.export) || list.canDecide;
  const columns = type.columns.filter((column) => !list.layout.hidden.has(columnId(column)));
  const labels = columns.map((column) => t(columnLabelKey(type, column)));
  return (
    <FitTable density={list.layout.density}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid="request-table">
        <Table.Thead>
          <Table.Tr>
            {selectable && (
              <Table.Th w={40}>
                <SelectPage list={list} />
              </Table.Th>
            )}
            {columns.map((column, index) => {
              const label = labels[index]!;
              const key = sortKeyOf(type, column);
              if (!key) return <Table.Th key={index}>{label}</Table.Th>;
              const order = list.sort?.field === key ? list.sort.order : null;
              return <SortableTh key={index} label={label} order={order} onSort={() => list.toggleSort(key)} />;
            })}
            <Table.Th>{t('entity.list.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.rows.map((row) => (
            <Table.Tr key={row.id} data-row-id={row.id}>
              {selectable && (
                <Table.Td>
                  <Checkbox
                    aria-label={t('manager.export.selectRow', { id: row.id })}
                    checked={list.selection.selected.has(row.id)}
                    onChange={(event) => list.selection.toggle([row], event.currentTarget.checked)}
                  />
                </Table.Td>
              )}
              {columns.map((column, index) => (
                <Table.Td key={index} data-label={labels[index]}>
                  <RequestCell type={type} column={column} row={row} />
                  {column.kind === 'status' && <ApprovalMark approvals={approvals[row.id]} />}
                </Table.Td>
              ))}
              <Table.Td>
                <RequestActions
                  historyTo={`${type.history.path(row.id)}${search}`}
                  editTo={`${managerPaths(type).edit(row.id)}${search}`}
                  canDecide={list.canDecide}
                  decideLabel={type.decideLabel}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </FitTable>
  );
}

export function RequestList({ type }: { type: RequestType }) {
  const { t } = useTranslation();
  const list = useRequestList(type);
  const mayFile = useEntityAccess(type.entity).create && Boolean(type.create);
  // Loaded by the route's loader with the rows, usually: then drawn with them, not one render after.
  const Filters = loadedRequestFilters()?.RequestFilters ?? RequestFilters;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <PageTitle>{t(`manager.${type.key}.title`)}</PageTitle>
        {mayFile && (
          <Button component={Link} to={managerPaths(type).create} leftSection={<IconPlus size={16} aria-hidden />}>
            {t(`manager.${type.key}.create`)}
          </Button>
        )}
      </Group>
      <StatusFilter type={type} value={list.status} onChange={list.setStatus} />
      {type.filters && (
        <Suspense fallback={null}>
          <Filters filters={type.filters} list={list} />
        </Suspense>
      )}
      {type.export && <SelectedExport type={type} spec={type.export} list={list} />}
      <Group justify="space-between" align="flex-end" gap="md">
        <ListLayoutControls
          layout={list.layout}
          columns={type.columns.map((column) => ({ id: columnId(column), label: t(columnLabelKey(type, column)) }))}
        />
        <Group gap="md" align="flex-end">
          <SavedFilters name={requestLayoutName(type)} />
          <ListExport source={list.source} />
        </Group>
      </Group>
      {list.canDecide && (
        <BulkDecisionBar
          items={[...list.selection.selected.values()].map((row) => ({
            entity: type.entity.name,
            id: row.id,
            version: row.version ?? 0,
          }))}
          onApplied={list.selection.clear}
        />
      )}
      <PagedList list={list} countTestId="request-count">
        <RequestTable type={type} list={list} />
      </PagedList>
    </Stack>
  );
}

export function RequestListPage() {
  const type = requestTypeByRoute(useParams().route);
  return type ? <RequestList key={type.route} type={type} /> : <NotFoundPage />;
}
