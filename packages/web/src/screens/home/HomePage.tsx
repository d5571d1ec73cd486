// Home (spec part 1 section 2.2): asks for the session; signed out → /login, signed in → welcome, and for
// staff "My work" (issue 21): their queues, the oldest waiting requests and, for the heads of the desk,
// the last 30 days' charts; for staff who decide nothing, « Mes saisies » (issue 38): what they filed. The summary lives under the manager key, so live events refresh it.
import { ROUTE_ACCESS } from '@bank/domain';
import { Alert, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { workSummaryQuery } from '../../api/work';
import { useHasAuthority } from '../../auth/use-has-authority';
import { useSession } from '../../auth/use-session';
import { LoadingText } from '../../engine/LoadingText';
import { PageLoader } from '../../ui/PageLoader';
import { PageTitle } from '../../ui/PageTitle';
import { MyFiled } from './MyFiled';
import { ToDecide } from './ToDecide';
import { WorkInbox } from './WorkInbox';
import { WorkQueues } from './WorkQueues';
import { lazyComponent } from '../../app/lazy-group';

// recharts is big: only the heads of the desk, who see the charts, load it.
const WorkCharts = lazyComponent(() => import('./WorkCharts').then((module) => module.WorkCharts));

export function HomePage() {
  const { t } = useTranslation();
  const { account, isAuthenticated, isPending } = useSession();
  const staff = useHasAuthority(ROUTE_ACCESS.entity);
  if (isPending) return <PageLoader />;
  if (!isAuthenticated || !account) return <Navigate to="/login" replace />;
  const fullName = [account.firstName, account.lastName].some(Boolean);
  return (
    <Stack gap="xs" data-testid="home-welcome">
      <PageTitle>{t('home.title')}</PageTitle>
      {fullName && (
        <Text size="lg">
          {t('home.logged.name', { firstName: account.firstName ?? '', lastName: account.lastName ?? '' })}
        </Text>
      )}
      <Text>{t('home.logged.message', { username: account.login })}</Text>
      {staff ? <MyWork /> : <Text c="dimmed">{t('home.subtitle')}</Text>}
    </Stack>
  );
}

function MyWork() {
  const { t } = useTranslation();
  const summary = useQuery(workSummaryQuery());
  if (summary.isPending) return <LoadingText />;
  if (summary.isError) return <Alert color="red">{t('home.work.error')}</Alert>;
  const { queues, inbox, charts, slaHours } = summary.data;
  // A role that decides nothing (data entry, claims) files requests: its home is what it filed.
  if (queues.length === 0) return <MyFiled />;
  // Ages are counted from when the figures were read, refreshed with them.
  const now = summary.dataUpdatedAt;
  return (
    <Stack gap="lg" mt="md" data-testid="my-work">
      <ToDecide />
      <WorkQueues queues={queues} slaHours={slaHours} now={now} />
      <WorkInbox inbox={inbox} now={now} />
      {charts && (
        <Suspense fallback={<LoadingText />}>
          <WorkCharts charts={charts} entities={queues.map((queue) => queue.entity)} />
        </Suspense>
      )}
    </Stack>
  );
}
