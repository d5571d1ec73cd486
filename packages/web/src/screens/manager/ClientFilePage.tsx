// /entity/bank-account/view/manager/{clientId}: the client file (spec part 1 §2.4) — identity, the
// accounts with their amounts in XOF and their transactions and transfers modals, and the notification
// users with 'Modifier' for the desk, and the client's requests of every type.
import { can, entityByName, formatDateTime, formatXof } from '@bank/domain';
import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { NotFoundPage } from '../../app/NotFoundPage';
import { useSession } from '../../auth/use-session';
import { entityQueries, type EntityRow } from '../../api/entities';
import { managerQueries } from '../../api/manager';
import { LoadingText } from '../../engine/LoadingText';
import { useRouteId } from '../../engine/use-entity-route';
import { FitTable } from '../../ui/FitTable';
import { PageTitle } from '../../ui/PageTitle';
import { moneyPaths } from '../money/money-paths';
import { ClientRequests } from './ClientRequests';
import { EmailModal, PhoneModal } from './NotificationModals';

const client = entityByName('client');
const IDENTITY = ['clientCode', 'name', 'email', 'phone', 'address', 'clientType', 'nationality'] as const;
const AMOUNTS = ['balance', 'availableAmount', 'blockedAmount'] as const;
const USER_FIELDS = ['login', 'email', 'telephone', 'notifyType', 'lastLogin'] as const;

function Accounts({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const accounts = useQuery(managerQueries.clientAccounts(clientId));
  if (accounts.isPending) return <LoadingText />;
  if (accounts.isError) return <Alert color="red">{t('entity.list.error')}</Alert>;
  const label = (name: string) => t(`entities.bankAccount.fields.${name}`);
  return (
    <FitTable>
      <Table striped data-testid="client-accounts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{label('bankAccountNumber')}</Table.Th>
            {AMOUNTS.map((name) => (
              <Table.Th key={name} ta="right">
                {label(name)}
              </Table.Th>
            ))}
            <Table.Th>{label('bankAccountStatus')}</Table.Th>
            <Table.Th>{t('entity.list.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {accounts.data.rows.map((account) => (
            <Table.Tr key={account.id}>
              <Table.Td data-label={label('bankAccountNumber')}>{String(account.bankAccountNumber)}</Table.Td>
              {AMOUNTS.map((name) => (
                <Table.Td key={name} data-label={label(name)} ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatXof(account[name] as string | null)}
                </Table.Td>
              ))}
              <Table.Td data-label={label('bankAccountStatus')}>
                {t(`enums.bankAccountStatus.${String(account.bankAccountStatus)}`)}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Anchor component={Link} to={moneyPaths.accountTransactions(account.id)} size="sm">
                    {t('manager.clientFile.transactions')}
                  </Anchor>
                  <Anchor component={Link} to={moneyPaths.accountTransfers(account.id)} size="sm">
                    {t('manager.clientFile.transfers')}
                  </Anchor>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </FitTable>
  );
}

function NotificationUsers({ clientId }: { clientId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { account } = useSession();
  const mayEdit = can(account?.authorities, 'update', 'serenityUser');
  const users = useQuery(managerQueries.serenityUsers(clientId));
  const [editing, setEditing] = useState<EntityRow | null>(null);
  if (users.isPending) return <LoadingText />;
  if (users.isError) return <Alert color="red">{t('entity.list.error')}</Alert>;
  if (users.data.length === 0) return <Alert color="gray">{t('entity.list.empty')}</Alert>;
  const close = () => setEditing(null);
  const label = (name: string) => t(`entities.serenityUser.fields.${name}`);
  return (
    <>
      <FitTable>
        <Table striped data-testid="client-users">
          <Table.Thead>
            <Table.Tr>
              {USER_FIELDS.map((name) => (
                <Table.Th key={name}>{label(name)}</Table.Th>
              ))}
              <Table.Th>{t('entity.list.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.data.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td data-label={label('login')}>{String(user.login ?? '')}</Table.Td>
                <Table.Td data-label={label('email')}>{String(user.email ?? '')}</Table.Td>
                <Table.Td data-label={label('telephone')}>{String(user.telephone ?? '')}</Table.Td>
                <Table.Td data-label={label('notifyType')}>
                  {user.notifyType ? (
                    <Badge variant="light" title={String(user.notifyType)}>
                      {t(`enums.notifyType.${String(user.notifyType)}`, { defaultValue: String(user.notifyType) })}
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td data-label={label('lastLogin')}>{formatDateTime(user.lastLogin as string | null)}</Table.Td>
                <Table.Td>
                  {mayEdit && (
                    <Button size="compact-sm" onClick={() => setEditing(user)}>
                      {t('manager.actions.modify')}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </FitTable>
      {editing && !editing.notifyType && (
        <EmailModal userId={editing.id} onClose={close} onSaved={() => void navigate('/entity/client/manager')} />
      )}
      {editing?.notifyType ? <PhoneModal userId={editing.id} onClose={close} onSaved={close} /> : null}
    </>
  );
}

/** The client file of `id`; an account modal (screens/money) is routed over it. */
export function ClientFile({ id }: { id: number }) {
  const { t } = useTranslation();
  const loaded = useQuery(entityQueries(client).get(id));
  return (
    <Stack gap="md">
      <PageTitle>{t('manager.clientFile.title')}</PageTitle>
      {loaded.isPending && <LoadingText />}
      {loaded.isError && <Alert color="red">{t('entity.detail.error')}</Alert>}
      {loaded.data && (
        <Paper withBorder p="md" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" data-testid="client-identity">
            {IDENTITY.map((name) => (
              <div key={name}>
                <Text size="xs" c="dimmed" fw={600}>
                  {t(`entities.client.fields.${name}`)}
                </Text>
                <Text size="sm">
                  {name === 'clientType' && loaded.data[name]
                    ? t(`enums.clientType.${String(loaded.data[name])}`)
                    : String(loaded.data[name] ?? '')}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </Paper>
      )}
      <Title order={2} size="h4">
        {t('manager.clientFile.accounts')}
      </Title>
      <Accounts clientId={id} />
      <Title order={2} size="h4">
        {t('manager.clientFile.users')}
      </Title>
      <NotificationUsers clientId={id} />
      <Title order={2} size="h4">
        {t('manager.clientFile.requests')}
      </Title>
      <ClientRequests clientId={id} />
      <Button component={Link} to="/entity/client/manager" variant="default" w="fit-content">
        {t('manager.form.back')}
      </Button>
    </Stack>
  );
}

export function ClientFilePage() {
  const id = useRouteId();
  return id ? <ClientFile id={id} /> : <NotFoundPage />;
}
