// The read-only part of a client subscription (spec part 2 §2.6), shown by its detail page and its
// validation page: the client, then the subscriber as the subscription request gave it.
import { entityByName, formatDateTime } from '@bank/domain';
import { SimpleGrid, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { entityQueries, type EntityRow } from '../../api/entities';
import { RefsDisplay } from '../../fields/cells';
import { CLIENT_SUBSCRIPTION } from './ClientSubscriptionListPage';

const SUBS_REQUEST = entityByName('subsRequest');

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children ?? ''}
      </Text>
    </div>
  );
}

export function SubscriptionFacts({ row }: { row: EntityRow }) {
  const { t } = useTranslation();
  const requestId = typeof row.subsRequestId === 'number' ? row.subsRequestId : null;
  // The requested services are the request's many-to-many list, not joined into the subscription row.
  const request = useQuery({ ...entityQueries(SUBS_REQUEST).get(requestId ?? 0), enabled: requestId !== null });
  const say = (key: string) => t(`subscriptions.client.${key}`);
  return (
    <>
      <Title order={2} size="h4" mb="sm">
        {say('clientInfo')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Fact label={t('manager.columns.client')}>{String(row.clientName ?? '')}</Fact>
        <Fact label={say('clientCode')}>{String(row.clientCode ?? '')}</Fact>
      </SimpleGrid>
      <Title order={2} size="h4" my="sm">
        {say('subscriberInfo')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="subscriber-facts">
        <Fact label={say('fullName')}>{String(row.fullName ?? '')}</Fact>
        <Fact label={say('phoneNumber')}>{String(row.phoneNumber ?? '')}</Fact>
        <Fact label={say('email')}>{String(row.email ?? '')}</Fact>
        <Fact label={say('iban')}>{String(row.iban ?? '')}</Fact>
        <Fact label={say('services')}>
          {request.data && (
            <RefsDisplay
              field={SUBS_REQUEST.field('serenityServices')!}
              value={request.data.serenityServices}
              row={request.data}
            />
          )}
        </Fact>
        <Fact label={say('clientType')}>{row.clientType ? t(`enums.clientType.${String(row.clientType)}`) : ''}</Fact>
        <Fact label={t(CLIENT_SUBSCRIPTION.field('createdAt')!.labelKey)}>
          {formatDateTime(row.createdAt as string | null)}
        </Fact>
        <Fact label={t(CLIENT_SUBSCRIPTION.field('validationDate')!.labelKey)}>
          {formatDateTime(row.validationDate as string | null)}
        </Fact>
      </SimpleGrid>
    </>
  );
}
