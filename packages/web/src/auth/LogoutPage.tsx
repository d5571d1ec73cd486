// /logout (spec part 1 section 2.2): ends the session on the server, signs out here and says so.
import { Alert, Button, Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { endSession } from '../api/session';
import { signOut } from './sign-out';

export function LogoutPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useEffect(() => {
    void endSession().finally(() => signOut(queryClient));
  }, [queryClient]);
  return (
    <Stack maw={480} mx="auto" py="xl">
      <Title order={1} size="h2">
        {t('logout.title')}
      </Title>
      <Alert color="green" variant="light" role="status">
        {t('logout.success')}
      </Alert>
      <Button component={Link} to="/login" variant="light" w="fit-content">
        {t('logout.again')}
      </Button>
    </Stack>
  );
}
