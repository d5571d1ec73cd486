// /admin/user-management/{login}: every field of one staff account, with its authorities and audit dates.
import { formatDateTime } from '@bank/domain';
import { Alert, Badge, Button, Group, Stack, Table } from '@mantine/core';
import { IconArrowLeft, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { userQueries } from '../../api/users';
import { PageLoader } from '../../ui/PageLoader';
import { PageTitle } from '../../ui/PageTitle';
import { CodeLabel } from '../../ui/CodeLabel';

export function UserDetailPage() {
  const { t } = useTranslation();
  const login = useParams().login ?? '';
  const user = useQuery(userQueries.one(login));
  const u = user.data;
  const rows: [string, ReactNode][] = u
    ? [
        ['login', u.login],
        ['firstName', u.firstName],
        ['lastName', u.lastName],
        ['email', u.email],
        ['activated', t(u.activated ? 'userManagement.activated' : 'userManagement.deactivated')],
        ['langKey', <CodeLabel group="language" code={u.langKey} />],
        [
          'authorities',
          u.authorities.map((a) => (
            <Badge key={a} variant="light" mr={4}>
              <CodeLabel group="roles" code={a} />
            </Badge>
          )),
        ],
        ['createdBy', u.createdBy],
        ['createdDate', formatDateTime(u.createdDate ?? null)],
        ['lastModifiedBy', u.lastModifiedBy],
        ['lastModifiedDate', formatDateTime(u.lastModifiedDate ?? null)],
      ]
    : [];

  return (
    <Stack maw={720}>
      <PageTitle>{t('userManagement.detail.title', { login })}</PageTitle>
      {user.isPending && <PageLoader />}
      {user.isError && <Alert color="red">{t('error.url.not.found')}</Alert>}
      {u && (
        <Table withTableBorder variant="vertical" data-testid="user-detail">
          <Table.Tbody>
            {rows.map(([field, value]) => (
              <Table.Tr key={field}>
                <Table.Th w={220}>{t(`userManagement.fields.${field}`)}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group>
        <Button
          variant="default"
          component={Link}
          to="/admin/user-management"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          {t('admin.action.back')}
        </Button>
        {u && (
          <Button component={Link} to="edit" relative="path" leftSection={<IconPencil size={16} aria-hidden />}>
            {t('admin.action.edit')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
