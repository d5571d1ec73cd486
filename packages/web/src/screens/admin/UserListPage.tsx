// /admin/user-management (spec part 1 sections 2.2, 7.2): the paged, sortable staff accounts with their
// activation toggle, authorities and dates, and links to view, edit and delete (the dialog is a child route).
import { formatDateTime } from '@bank/domain';
import { Alert, Badge, Button, Group, Stack, Table } from '@mantine/core';
import { IconEye, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { userQueries, type AdminUser } from '../../api/users';
import { PageLoader } from '../../ui/PageLoader';
import { CodeLabel } from '../../ui/CodeLabel';
import { FitTable } from '../../ui/FitTable';
import { PageTitle } from '../../ui/PageTitle';
import { RowActionStack } from '../../ui/RowActionStack';
import { Pager, SortTh } from './ListTools';
import { usePagedSort } from './use-paged-sort';
import { useIsSelf, useUserSave } from './use-user-save';

const SORTABLE = ['id', 'login', 'email', 'activated', 'langKey', 'createdDate', 'lastModifiedDate'] as const;

function ActivatedToggle({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const self = useIsSelf(user.login);
  const save = useUserSave();
  const button = (
    <Button
      size="compact-xs"
      color={user.activated ? 'green' : 'red'}
      // Filled: the light variant's green text is 3.8:1 on its own background (WCAG 1.4.3).
      variant="filled"
      disabled={self}
      loading={save.isPending}
      onClick={() => save.mutate({ ...user, activated: !user.activated })}
      data-testid={`user-activated-${user.login}`}
    >
      {t(user.activated ? 'userManagement.activated' : 'userManagement.deactivated')}
    </Button>
  );
  return self ? <span title={t('userManagement.self.deactivate')}>{button}</span> : button;
}

/** The login, marked when it is the signed-in administrator's own (whose delete and deactivate are disabled). */
function Self({ login }: { login: string }) {
  const { t } = useTranslation();
  const self = useIsSelf(login);
  return (
    <Group gap={4} wrap="nowrap">
      {login}
      {self && (
        <Badge size="xs" color="gray" variant="outline" title={t('userManagement.self.delete')}>
          {t('userManagement.self.you')}
        </Badge>
      )}
    </Group>
  );
}

function RowActions({ user }: { user: AdminUser }) {
  const { t } = useTranslation();
  const self = useIsSelf(user.login);
  const path = `/admin/user-management/${encodeURIComponent(user.login)}`;
  const remove = (
    <Button
      size="compact-xs"
      color="red"
      variant="light"
      leftSection={<IconTrash size={14} aria-hidden />}
      component={Link}
      to={`${path}/delete`}
      disabled={self}
      aria-disabled={self}
      onClick={(event) => self && event.preventDefault()}
    >
      {t('admin.action.delete')}
    </Button>
  );
  return (
    <RowActionStack>
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconEye size={14} aria-hidden />}
        component={Link}
        to={path}
      >
        {t('admin.action.view')}
      </Button>
      <Button
        size="compact-xs"
        variant="light"
        leftSection={<IconPencil size={14} aria-hidden />}
        component={Link}
        to={`${path}/edit`}
      >
        {t('admin.action.edit')}
      </Button>
      {self ? <span title={t('userManagement.self.delete')}>{remove}</span> : remove}
    </RowActionStack>
  );
}

export function UserListPage() {
  const { t } = useTranslation();
  const paging = usePagedSort(SORTABLE, { field: 'id', order: 'asc' });
  const users = useQuery(userQueries.list(paging.api));
  const rows = users.data?.rows ?? [];
  const label = (field: string) => t(`userManagement.fields.${field}`);
  const th = (field: (typeof SORTABLE)[number]) => (
    <SortTh field={field} paging={paging}>
      {label(field)}
    </SortTh>
  );

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <PageTitle>{t('userManagement.home.title')}</PageTitle>
        <Button component={Link} to="/admin/user-management/new" leftSection={<IconPlus size={16} aria-hidden />}>
          {t('userManagement.home.createLabel')}
        </Button>
      </Group>
      {users.isPending && <PageLoader />}
      {users.isError && <Alert color="red">{t('error.unexpected')}</Alert>}
      {users.data && (
        <FitTable>
          <Table striped highlightOnHover withTableBorder data-testid="user-table">
            <Table.Thead>
              <Table.Tr>
                {th('id')}
                {th('login')}
                {th('email')}
                {th('activated')}
                {th('langKey')}
                <Table.Th scope="col">{label('authorities')}</Table.Th>
                {th('createdDate')}
                {th('lastModifiedDate')}
                <Table.Th scope="col">{t('entity.list.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((user) => (
                <Table.Tr key={user.login} data-testid={`user-row-${user.login}`}>
                  <Table.Td data-label={label('id')}>{user.id}</Table.Td>
                  <Table.Td data-label={label('login')}>
                    <Self login={user.login} />
                  </Table.Td>
                  <Table.Td data-label={label('email')}>{user.email}</Table.Td>
                  <Table.Td data-label={label('activated')}>
                    <ActivatedToggle user={user} />
                  </Table.Td>
                  <Table.Td data-label={label('langKey')}>
                    <CodeLabel group="language" code={user.langKey} />
                  </Table.Td>
                  <Table.Td data-label={label('authorities')} miw={200}>
                    <Group gap={4}>
                      {user.authorities.map((authority) => (
                        <Badge key={authority} size="sm" variant="light" styles={{ root: { flexShrink: 0 } }}>
                          <CodeLabel group="roles" code={authority} />
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td data-label={label('createdDate')}>{formatDateTime(user.createdDate ?? null)}</Table.Td>
                  <Table.Td data-label={label('lastModifiedDate')}>
                    {formatDateTime(user.lastModifiedDate ?? null)}
                  </Table.Td>
                  <Table.Td>
                    <RowActions user={user} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </FitTable>
      )}
      {users.data && <Pager paging={paging} total={users.data.total} shown={rows.length} />}
      <Outlet />
    </Stack>
  );
}
