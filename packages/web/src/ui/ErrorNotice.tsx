import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** 'An unexpected error has occurred.' with the error's own text when the catalogue knows it. */
export function ErrorNotice({ error }: { error: unknown }) {
  const { t, i18n } = useTranslation();
  const message = error instanceof Error && i18n.exists(error.message) ? t(error.message) : null;
  return (
    <Stack maw={640} mx="auto" py="xl" data-testid="error-boundary">
      <Alert color="red" variant="light" title={t('error.title')}>
        <Text>{t('error.unexpected')}</Text>
        {message && <Text mt="xs">{message}</Text>}
      </Alert>
      <Group>
        <Button variant="light" onClick={() => window.location.reload()}>
          {t('error.reload')}
        </Button>
      </Group>
    </Stack>
  );
}
