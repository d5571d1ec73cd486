// One card per queue of the signed-in staff member: how many requests wait, for how long the oldest has,
// and how many are past the service level; each figure leads to the queue's list.
import { formatDateTime, type WorkQueueSummary } from '@bank/domain';
import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { waitedFor } from './work-age';
import { workScreens } from './work-links';

interface WorkQueuesProps {
  queues: readonly WorkQueueSummary[];
  slaHours: number;
  now: number;
}

export function WorkQueues({ queues, slaHours, now }: WorkQueuesProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="work-queues-title">
      <Title order={2} size="h3" mb="sm" id="work-queues-title">
        {t('home.work.queues')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {queues.map((queue) => {
          const { list } = workScreens(queue.entity);
          const age = queue.oldest ? waitedFor(queue.oldest, now) : null;
          return (
            <Card key={queue.entity} withBorder padding="md" data-testid={`work-queue-${queue.entity}`}>
              <Stack gap={4}>
                <Title order={3} size="h4">
                  {t(`entities.${queue.entity}.plural`)}
                </Title>
                <Anchor component={Link} to={list} data-testid="work-queue-count" data-count={queue.count}>
                  {t('home.work.waiting', { count: queue.count })}
                </Anchor>
                <Text size="sm" data-testid="work-queue-oldest">
                  {age
                    ? t('home.work.oldest', {
                        age: t(age.key, { count: age.count }),
                        date: formatDateTime(queue.oldest),
                      })
                    : t('home.work.noneWaiting')}
                </Text>
                <Anchor
                  component={Link}
                  to={list}
                  size="sm"
                  fw={queue.overSla > 0 ? 700 : undefined}
                  data-testid="work-queue-over-sla"
                  data-count={queue.overSla}
                >
                  {t('home.work.overSla', { count: queue.overSla, hours: slaHours })}
                </Anchor>
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </section>
  );
}
