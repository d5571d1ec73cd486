// Home (spec part 1 section 2.2): asks for the session; signed out → /login, signed in → welcome.
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useSession } from '../../auth/use-session';
import { PageLoader } from '../../ui/PageLoader';
import { PageTitle } from '../../ui/PageTitle';

export function HomePage() {
  const { t } = useTranslation();
  const { account, isAuthenticated, isPending } = useSession();
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
      <Text c="dimmed">{t('home.subtitle')}</Text>
    </Stack>
  );
}
