import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown in place of a page the signed-in user lacks the authority for. */
export function NotAuthorized() {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" data-testid="not-authorized">
      {t('error.http.403')}
    </Alert>
  );
}
