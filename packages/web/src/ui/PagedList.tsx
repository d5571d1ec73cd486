// The frame of a staff list page: loading, error with retry, empty notice, the table once there are
// rows, the page buttons (the generic list's, at most five) and the total ("plus de N" when the
// server only knows a lower bound).
import { Alert, Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Pages } from '../engine/ListParts';
import { LoadingText } from '../engine/LoadingText';

export interface PagedListState {
  rows: readonly unknown[];
  total: number;
  /** False when `total` is a lower bound. */
  exact?: boolean;
  page: number;
  pageCount: number;
  setPage: (page: number) => void;
  isLoading: boolean;
  isError: boolean;
  retry: () => void;
}

export function PagedList({
  list,
  countTestId,
  children,
}: {
  list: PagedListState;
  countTestId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      {list.isLoading && <LoadingText />}
      {list.isError && (
        <Alert color="red" title={t('entity.list.error')}>
          <Button size="xs" variant="light" color="red" onClick={list.retry}>
            {t('entity.action.retry')}
          </Button>
        </Alert>
      )}
      {!list.isLoading && !list.isError && list.rows.length === 0 && (
        <Alert color="gray">{t('entity.list.empty')}</Alert>
      )}
      {list.rows.length > 0 && children}
      {list.pageCount > 1 && (
        <Group justify="center">
          <Pages list={list} />
        </Group>
      )}
      <Text size="sm" c="dimmed" ta="center" data-testid={countTestId}>
        {t(list.exact === false ? 'manager.list.totalAtLeast' : 'manager.list.total', { count: list.total })}
      </Text>
    </>
  );
}
