// A request's history as callout blocks (spec part 2 §2.4, /entity/transfer-log/story/{id}): one
// block per entry, newest first, with its status badge, date, observation and author.
import { decodeHistoryComment, formatDateTime, historyStatus, statusLook } from '@bank/domain';
import { Alert, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { managerQueries } from '../api/manager';
import { LoadingText } from '../engine/LoadingText';
import type { HistorySource } from './HistoryTable';
import { StatusBadge } from './StatusBadge';

export function HistoryCallouts({ source, requestId }: { source: HistorySource; requestId: number }) {
  const { t } = useTranslation();
  const story = useQuery(managerQueries.story(source.logEntity, requestId));
  if (story.isPending) return <LoadingText />;
  if (story.isError) return <Alert color="red">{t('manager.history.error')}</Alert>;
  if (story.data.length === 0) return <Alert color="gray">{t('manager.history.empty')}</Alert>;
  return (
    <Stack gap="sm" data-testid="history-callouts">
      {story.data.map((row) => {
        const { observation, author } = decodeHistoryComment(row.comment as string | null);
        const status = historyStatus(source.workflow, String(row[source.statusField] ?? ''), row.comment as string);
        return (
          <Alert
            key={row.id}
            variant="light"
            color={statusLook(status).color}
            title={
              <Group gap="sm">
                <StatusBadge status={status} />
                {/* The page's text colour, not the callout's tint: readable on every status colour. */}
                <Text size="sm" fw={600} c="var(--mantine-color-text)">
                  {formatDateTime(row.createdAt as string | null)}
                </Text>
              </Group>
            }
          >
            <Stack gap={4}>
              <Text size="sm">{observation || t('manager.history.noComment')}</Text>
              <Text size="xs" c="dimmed">
                {t('manager.history.by', { author })}
              </Text>
            </Stack>
          </Alert>
        );
      })}
    </Stack>
  );
}
