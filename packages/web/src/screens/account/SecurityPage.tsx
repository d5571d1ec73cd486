// /account/security: the second factor (SecondFactor.tsx), then the signed-in user's open sessions (where, since when, last used), the current one
// marked, and "Déconnecter" to end any other (a forgotten computer, a lost phone). Open to every staff
// role: each user answers for their own credentials (PCI DSS 8.3), a departure from spec part 1 §2.2.
import { formatDateTime } from '@bank/domain';
import { Alert, Button, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { endSession, fetchSessions, sessionsKey } from '../../api/account';
import { LoadingText } from '../../engine/LoadingText';
import { FitTable } from '../../ui/FitTable';
import { PageTitle } from '../../ui/PageTitle';
import { SecondFactor } from './SecondFactor';

export function SecurityPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: sessionsKey, queryFn: ({ signal }) => fetchSessions(signal) });
  const end = useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsKey }),
  });
  const heading = (name: string) => t(`security.sessions.${name}`);
  return (
    <Stack maw={960}>
      <PageTitle>{t('security.title')}</PageTitle>
      <SecondFactor />
      <Title order={2} size="h3" mt="lg">
        {t('security.sessions.title')}
      </Title>
      <Text>{t('security.sessions.intro')}</Text>
      {sessions.isPending && <LoadingText />}
      {sessions.isError && <Alert color="red">{t('entity.detail.error')}</Alert>}
      {sessions.data && (
        <FitTable>
          <Table striped data-testid="sessions-table">
            <Table.Caption>{t('security.sessions.caption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{heading('device')}</Table.Th>
                <Table.Th>{heading('ip')}</Table.Th>
                <Table.Th>{heading('method')}</Table.Th>
                <Table.Th>{heading('createdAt')}</Table.Th>
                <Table.Th>{heading('lastSeenAt')}</Table.Th>
                <Table.Th>{heading('actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sessions.data.map((session) => (
                <Table.Tr key={session.id} data-current={session.current || undefined}>
                  <Table.Td data-label={heading('device')} style={{ overflowWrap: 'anywhere' }}>
                    {session.userAgent ?? t('security.sessions.unknown')}
                  </Table.Td>
                  <Table.Td data-label={heading('ip')}>{session.ip ?? t('security.sessions.unknown')}</Table.Td>
                  <Table.Td data-label={heading('method')}>{t(`security.sessions.methods.${session.method}`)}</Table.Td>
                  <Table.Td data-label={heading('createdAt')}>{formatDateTime(session.createdAt)}</Table.Td>
                  <Table.Td data-label={heading('lastSeenAt')}>{formatDateTime(session.lastSeenAt)}</Table.Td>
                  <Table.Td>
                    {session.current ? (
                      // Text, not a badge: a badge's label is cut to the narrow column.
                      <Text size="sm" fw={700} c="blue.8">
                        {t('security.sessions.current')}
                      </Text>
                    ) : (
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        loading={end.isPending && end.variables === session.id}
                        onClick={() => end.mutate(session.id)}
                        aria-label={t('security.sessions.endLabel', {
                          device: session.userAgent ?? t('security.sessions.unknown'),
                          since: formatDateTime(session.createdAt),
                        })}
                      >
                        {t('security.sessions.end')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </FitTable>
      )}
    </Stack>
  );
}
