import { Alert, Anchor, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../ui/PageTitle';

/** Any path no route knows. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <PageTitle>{t('error.url.not.found')}</PageTitle>
      <Alert color="yellow" variant="light">
        {t('error.http.404')}
      </Alert>
      <Anchor component={Link} to="/">
        {t('global.menu.home')}
      </Anchor>
    </Stack>
  );
}
