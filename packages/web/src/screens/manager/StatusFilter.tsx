// A staff list's status filter with a count per choice (issue 21): the work queue ("À traiter"), each
// status, the second validations of a four-eyes type, and all; counts from the server's row counters.
import { Chip, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { managerQueries, type StatusCounts } from '../../api/manager';
import { ALL, QUEUE, SECOND, statusViews, viewStatuses, type Queued } from './request-list-query';

/** The number of requests a choice shows; undefined until the counts are there. */
function countOf(type: Queued, view: string, counts: StatusCounts | undefined): number | undefined {
  if (!counts) return undefined;
  if (view === SECOND) return counts.secondValidation;
  if (view === ALL) return counts.total;
  return (viewStatuses(type, view) ?? []).reduce((sum, status) => sum + (counts.statuses[status] ?? 0), 0);
}

export function StatusFilter({ type, value, onChange }: { type: Queued; value: string; onChange(view: string): void }) {
  const { t } = useTranslation();
  const counts = useQuery(managerQueries.statusCounts(type.entity)).data;
  const enumName = type.entity.field(type.workflow.status)!.enum!;
  const label = (view: string) =>
    view === QUEUE || view === ALL || view === SECOND ? t(`manager.queue.${view}`) : t(`enums.${enumName}.${view}`);
  return (
    <Chip.Group value={value} onChange={(next) => onChange(String(next))}>
      <Group
        gap="xs"
        role="group"
        aria-label={t('manager.queue.label')}
        data-testid="status-filter"
        data-list-filter="view"
      >
        {statusViews(type).map((view) => {
          const count = countOf(type, view, counts);
          return (
            <Chip key={view} value={view} size="sm" data-view={view}>
              {count === undefined ? label(view) : t('manager.queue.choice', { label: label(view), n: count })}
            </Chip>
          );
        })}
      </Group>
    </Chip.Group>
  );
}
