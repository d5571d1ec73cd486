// « À décider » on the home page (issue 38): how many requests await the user's decision across types,
// and how many of them are second validations (four eyes), each leading to the checker inbox. The same
// figures as the menu's badge (work/counts), refreshed with it.
import { Anchor, Card, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pendingQuery } from '../../api/pending';

export function ToDecide() {
  const { t } = useTranslation();
  const counts = useQuery(pendingQuery()).data;
  if (!counts) return null;
  const { total, exact, secondValidation } = counts.inbox;
  return (
    <section aria-labelledby="to-decide-title">
      <Card withBorder padding="md" data-testid="to-decide">
        <Stack gap={4}>
          <Title order={2} size="h3" id="to-decide-title">
            {t('inbox.title')}
          </Title>
          <Anchor component={Link} to="/work/inbox" data-testid="to-decide-count" data-count={total}>
            {t(exact ? 'inbox.home.waiting' : 'inbox.home.waitingAtLeast', { count: total })}
          </Anchor>
          <Anchor
            component={Link}
            to="/work/inbox?second=true"
            data-testid="to-decide-second"
            data-count={secondValidation}
          >
            {t('inbox.home.second', { count: secondValidation })}
          </Anchor>
        </Stack>
      </Card>
    </section>
  );
}
