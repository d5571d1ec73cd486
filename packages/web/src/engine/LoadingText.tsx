// The placeholder every entity screen shows while its data loads (spec part 1 §2.3: 'Loading...').
// One component, so that lists, details and forms say it the same way.
import { Center, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function LoadingText() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Group gap="sm">
        <Loader size="sm" aria-hidden />
        <Text>{t('entity.list.loading')}</Text>
      </Group>
    </Center>
  );
}
