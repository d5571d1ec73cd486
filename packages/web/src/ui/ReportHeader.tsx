import { Button, Group } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PageTitle } from './PageTitle';

/**
 * The head of a report screen (health, books, metrics): its title, and a button that asks again, busy
 * while the answer is on its way; `children` go beside the button (an automatic refresh switch).
 */
export function ReportHeader({
  title,
  refreshLabel,
  report,
  children,
}: {
  title: string;
  refreshLabel: string;
  report: { isFetching: boolean; refetch: () => unknown };
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-start">
      <PageTitle>{title}</PageTitle>
      <Group>
        {children}
        <Button
          variant="light"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={report.isFetching}
          onClick={() => void report.refetch()}
        >
          {refreshLabel}
        </Button>
      </Group>
    </Group>
  );
}
