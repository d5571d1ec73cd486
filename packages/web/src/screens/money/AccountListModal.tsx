// The frame both account modals share (spec part 2 §2.3, §2.5): title with the account number, the
// filters with Rechercher and Réinitialiser, the table with loading, empty and error states, and pages.
import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NamedPagination } from '../../engine/ListParts';
import { LoadingText } from '../../engine/LoadingText';
import type { ModalList } from './use-modal-list';

interface AccountListModalProps {
  title: string;
  accountNumber: string;
  list: ModalList;
  filters: ReactNode;
  headings: readonly { label: string; right?: boolean }[];
  children: ReactNode;
  testId: string;
  onClose(): void;
}

export function AccountListModal({
  title,
  accountNumber,
  list,
  filters,
  headings,
  children,
  testId,
  onClose,
}: AccountListModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={title} size="70rem" data-testid={testId}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('money.account', { number: accountNumber })}
        </Text>
        <form
          role="search"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            list.search();
          }}
        >
          <Group align="flex-end" gap="sm">
            {filters}
            <Button type="submit" loading={list.isFetching && !list.isLoading}>
              {t('manager.filters.search')}
            </Button>
            <Button variant="default" onClick={list.reset}>
              {t('manager.filters.reset')}
            </Button>
          </Group>
        </form>
        {list.isLoading && <LoadingText />}
        {list.isError && <Alert color="red">{t('entity.list.error')}</Alert>}
        {!list.isLoading && !list.isError && list.rows.length === 0 && (
          <Alert color="gray">{t('entity.list.empty')}</Alert>
        )}
        {list.rows.length > 0 && (
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover data-testid={`${testId}-table`}>
              <Table.Thead>
                <Table.Tr>
                  {headings.map((heading) => (
                    <Table.Th key={heading.label} ta={heading.right ? 'right' : undefined}>
                      {heading.label}
                    </Table.Th>
                  ))}
                  <Table.Th>{t('entity.list.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>{children}</Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group justify="space-between">
          <Text size="sm" c="dimmed" data-testid={`${testId}-count`}>
            {t('manager.list.total', { count: list.total })}
          </Text>
          {list.pageCount > 1 && (
            <NamedPagination
              total={list.pageCount}
              value={list.page}
              onChange={list.setPage}
              siblings={1}
              boundaries={1}
            />
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
