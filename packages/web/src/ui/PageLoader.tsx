import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The loading state of a page or of the session check. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Loader aria-label={t('global.messages.loading')} />
    </Center>
  );
}
