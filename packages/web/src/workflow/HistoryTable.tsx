// A request's history as a table (spec part 1 §2.14): Commentaires, Statuts, Dates, Auteurs — the
// comment's first and third parts (observation{}STATUS{}author), what was decided as a badge.
import { decodeHistoryComment, formatDateTime, historyStatus, type WorkflowDef } from '@bank/domain';
import { Alert, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { EntityRow } from '../api/entities';
import { managerQueries } from '../api/manager';
import { LoadingText } from '../engine/LoadingText';
import { FitTable } from '../ui/FitTable';
import { StatusBadge } from './StatusBadge';

export interface HistorySource {
  /** The log entity (registry) and its status field. */
  logEntity: Parameters<typeof managerQueries.story>[0];
  statusField: string;
  /** The request's workflow: how a row says what was decided (historyStatus). */
  workflow: WorkflowDef;
}

export function HistoryRows({ rows, source }: { rows: readonly EntityRow[]; source: HistorySource }) {
  const { t } = useTranslation();
  if (rows.length === 0) return <Alert color="gray">{t('manager.history.empty')}</Alert>;
  // Beside a decision form or on a phone, each entry becomes a card (FitTable) rather than a cut table.
  return (
    <FitTable>
      <Table striped data-testid="history-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('manager.history.comment')}</Table.Th>
            <Table.Th>{t('manager.history.status')}</Table.Th>
            <Table.Th>{t('manager.history.date')}</Table.Th>
            <Table.Th>{t('manager.history.author')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const { observation, author } = decodeHistoryComment(row.comment as string | null);
            return (
              <Table.Tr key={row.id}>
                <Table.Td data-label={t('manager.history.comment')}>{observation}</Table.Td>
                <Table.Td data-label={t('manager.history.status')}>
                  <StatusBadge
                    status={historyStatus(
                      source.workflow,
                      String(row[source.statusField] ?? ''),
                      row.comment as string,
                    )}
                  />
                </Table.Td>
                <Table.Td data-label={t('manager.history.date')}>
                  {formatDateTime(row.createdAt as string | null)}
                </Table.Td>
                <Table.Td data-label={t('manager.history.author')}>{author}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </FitTable>
  );
}

/** Loads a request's history (POST <log>/story/{id}) and shows it. */
export function HistoryTable({ source, requestId }: { source: HistorySource; requestId: number }) {
  const { t } = useTranslation();
  const story = useQuery(managerQueries.story(source.logEntity, requestId));
  if (story.isPending) return <LoadingText />;
  if (story.isError) return <Alert color="red">{t('manager.history.error')}</Alert>;
  return <HistoryRows rows={story.data} source={source} />;
}
