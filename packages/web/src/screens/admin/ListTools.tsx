// Small pieces shared by the admin lists: a sortable column header and the pager with its count.
import { Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { NamedPagination } from '../../engine/ListParts';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_PAGE_SIZE, type PagedSort } from './use-paged-sort';

export function SortTh({ field, paging, children }: { field: string; paging: PagedSort; children: ReactNode }) {
  const active = paging.sort.field === field;
  const Icon = !active ? IconArrowsSort : paging.sort.order === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th scope="col" aria-sort={active ? (paging.sort.order === 'asc' ? 'ascending' : 'descending') : undefined}>
      <UnstyledButton onClick={() => paging.toggleSort(field)} fw={700} fz="sm" style={{ whiteSpace: 'nowrap' }}>
        <Group gap={4} wrap="nowrap">
          {children}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

export function Pager({ paging, total, shown }: { paging: PagedSort; total: number; shown: number }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE));
  const first = (paging.page - 1) * ADMIN_PAGE_SIZE + 1;
  return (
    <Stack gap="xs" align="center">
      {pages > 1 && <NamedPagination total={pages} value={Math.min(paging.page, pages)} onChange={paging.setPage} />}
      <Text size="sm" c="dimmed" data-testid="admin-count">
        {shown === 0 ? t('admin.list.empty') : t('admin.list.count', { first, last: first + shown - 1, total })}
      </Text>
    </Stack>
  );
}
