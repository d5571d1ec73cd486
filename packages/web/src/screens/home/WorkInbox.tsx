// The oldest requests waiting across the staff member's queues, oldest first, each leading to its
// decision form.
import { formatDateTime, type WorkInboxItem } from '@bank/domain';
import { Alert, Anchor, Table, Text, Title } from '@mantine/core';
import { FitTable } from '../../ui/FitTable';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusBadge } from '../../workflow/StatusBadge';
import { waitedFor } from './work-age';
import { workScreens } from './work-links';

export function WorkInbox({ inbox, now }: { inbox: readonly WorkInboxItem[]; now: number }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="work-inbox-title">
      <Title order={2} size="h3" mb="sm" id="work-inbox-title">
        {t('home.work.inbox')}
      </Title>
      {inbox.length === 0 ? (
        <Alert color="gray">{t('home.work.inboxEmpty')}</Alert>
      ) : (
        <FitTable>
          <Table striped data-testid="work-inbox">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('home.work.columns.type')}</Table.Th>
                <Table.Th>{t('home.work.columns.id')}</Table.Th>
                <Table.Th>{t('home.work.columns.client')}</Table.Th>
                <Table.Th>{t('home.work.columns.created')}</Table.Th>
                <Table.Th>{t('home.work.columns.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {inbox.map((item) => {
                const screens = workScreens(item.entity);
                const age = waitedFor(item.createdAt, now);
                return (
                  <Table.Tr key={`${item.entity}-${item.id}`} data-entity={item.entity} data-id={item.id}>
                    <Table.Td data-label={t('home.work.columns.type')}>{t(`entities.${item.entity}.name`)}</Table.Td>
                    <Table.Td data-label={t('home.work.columns.id')}>
                      <Anchor
                        component={Link}
                        to={screens.form(item.id)}
                        aria-label={t('home.work.open', { type: t(`entities.${item.entity}.name`), id: item.id })}
                      >
                        {item.id}
                      </Anchor>
                    </Table.Td>
                    <Table.Td data-label={t('home.work.columns.client')}>{item.client ?? ''}</Table.Td>
                    <Table.Td data-label={t('home.work.columns.created')}>
                      {formatDateTime(item.createdAt)}
                      <Text span size="sm" c="dimmed" ml="xs">
                        ({t(age.key, { count: age.count })})
                      </Text>
                    </Table.Td>
                    <Table.Td data-label={t('home.work.columns.status')}>
                      <StatusBadge status={item.status} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </FitTable>
      )}
    </section>
  );
}
