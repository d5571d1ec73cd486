// What a user whose role needs a second factor (MFA_REQUIRED_ROLES) sees, whatever the address, until
// one is active: the server answers every other call with 403 meanwhile (PCI DSS 8.4.2).
import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../ui/PageTitle';
import { SecondFactor } from './SecondFactor';

export function EnrolmentPage() {
  const { t } = useTranslation();
  return (
    <Stack maw={720}>
      <PageTitle>{t('security.mfa.requiredTitle')}</PageTitle>
      <Alert color="yellow">{t('error.mfaEnrolmentRequired')}</Alert>
      <SecondFactor />
      <Button component={Link} to="/logout" variant="subtle" w="fit-content">
        {t('global.menu.account.logout')}
      </Button>
    </Stack>
  );
}
