// /admin/list/users (DESIGN.md section 5): the online-banking accounts (serenity users), paged, sortable and
// searchable, each linked to its client file.
import { formatDateTime } from '@bank/domain';
import { Alert, Anchor, Button, Group, Stack, Table, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { onlineUsersQuery } from '../../api/users';
import { FitTable } from '../../ui/FitTable';
import { PageLoader } from '../../ui/PageLoader';
import { PageTitle } from '../../ui/PageTitle';
import { Pager, SortTh } from './ListTools';
import { usePagedSort } from './use-paged-sort';

const COLUMNS = ['id', 'login', 'firstname', 'lastname', 'email', 'telephone', 'createdAt', 'lastLogin'] as const;
/** The columns shown as they are, breaking anywhere rather than widening the table (a long email). */
const TEXTS = ['login', 'firstname', 'lastname', 'email', 'telephone'] as const;

export function OnlineUsersPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const [draft, setDraft] = useState(search);
  const paging = usePagedSort(COLUMNS, { field: 'id', order: 'asc' });
  const users = useQuery(onlineUsersQuery({ ...paging.api, query: search }));
  const rows = users.data?.rows ?? [];
  const submit = (text: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('page', '1');
      if (text) next.set('search', text);
      else next.delete('search');
      return next;
    });
  const label = (field: string) =>
    field === 'id' ? t('userManagement.fields.id') : t(`entities.serenityUser.fields.${field}`);

  return (
    <Stack>
      <PageTitle>{t('admin.menu.onlineUsers')}</PageTitle>
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          submit(draft.trim());
        }}
      >
        <Group align="flex-end">
          <TextInput
            maw={360}
            label={t('admin.filter')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
          />
          <Button type="submit">{t('admin.search')}</Button>
        </Group>
      </form>
      {users.isPending && <PageLoader />}
      {users.isError && <Alert color="red">{t('error.unexpected')}</Alert>}
      {users.data && (
        <FitTable>
          <Table striped withTableBorder data-testid="online-users">
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((field) => (
                  <SortTh key={field} field={field} paging={paging}>
                    {label(field)}
                  </SortTh>
                ))}
                <Table.Th scope="col">{label('clientId')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((user) => (
                <Table.Tr key={user.id}>
                  <Table.Td data-label={label('id')}>{user.id}</Table.Td>
                  {TEXTS.map((field) => (
                    <Table.Td key={field} data-label={label(field)} style={{ overflowWrap: 'anywhere' }}>
                      {user[field]}
                    </Table.Td>
                  ))}
                  <Table.Td data-label={label('createdAt')}>{formatDateTime(user.createdAt)}</Table.Td>
                  <Table.Td data-label={label('lastLogin')}>{formatDateTime(user.lastLogin)}</Table.Td>
                  <Table.Td data-label={label('clientId')}>
                    {user.clientId !== null && (
                      <Anchor component={Link} to={`/entity/bank-account/view/manager/${user.clientId}`} size="sm">
                        {user.clientCode ?? user.clientId}
                      </Anchor>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </FitTable>
      )}
      {users.data && <Pager paging={paging} total={users.data.total} shown={rows.length} />}
    </Stack>
  );
}
