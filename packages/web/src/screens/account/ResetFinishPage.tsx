// /reset/finish/{key?} (spec part 1 sections 5, 7.1): new password 8-50 with its confirmation and the strength
// meter → POST api/account/reset-password/finish; then a message and the e-banking site (management/info), else sign-in.
import { ACCOUNT_RULES } from '@bank/domain';
import { Alert, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { failureKeyOf, finishPasswordReset } from '../../api/account';
import { profileQuery } from '../../api/management';
import { useFormLanguage } from '../../ui/use-form-language';
import { confirmationError, passwordError } from './account-rules';
import { PublicCard } from './PublicCard';
import { NewPasswordFields } from './NewPasswordFields';

/** Time to read the success message before leaving. */
export const REDIRECT_DELAY_MS = 3000;

export function ResetFinishPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const key = useParams().key ?? params.get('key') ?? '';
  const ebankingUrl = useQuery(profileQuery()).data?.ebankingUrl;
  const form = useForm({
    initialValues: { newPassword: '', confirmation: '' },
    validate: {
      newPassword: (value) => passwordError(t, value, ACCOUNT_RULES.resetPassword),
      confirmation: (value, values) => confirmationError(t, value, values.newPassword),
    },
  });
  useFormLanguage(form);
  const finish = useMutation({ mutationFn: (password: string) => finishPasswordReset(key, password) });

  useEffect(() => {
    if (!finish.isSuccess) return;
    const timer = setTimeout(() => {
      // The e-banking site is another application: a full page load, not a router navigation.
      if (ebankingUrl) window.location.assign(ebankingUrl);
      else void navigate('/login');
    }, REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [finish.isSuccess, ebankingUrl, navigate]);

  if (!key) {
    return (
      <PublicCard title={t('reset.finish.title')}>
        <Alert color="red" variant="light" data-testid="reset-finish-nokey">
          {t('reset.finish.messages.keymissing')}
        </Alert>
      </PublicCard>
    );
  }
  return (
    <PublicCard title={t('reset.finish.title')}>
      {finish.isSuccess && (
        <Alert color="green" variant="light" data-testid="reset-finish-success">
          {t('reset.finish.messages.success')}
        </Alert>
      )}
      {finish.isError && (
        <Alert color="red" variant="light" data-testid="reset-finish-error">
          {t(failureKeyOf(finish.error))}
        </Alert>
      )}
      {!finish.isSuccess && (
        <form onSubmit={form.onSubmit(({ newPassword }) => finish.mutate(newPassword))} noValidate>
          <Stack>
            <NewPasswordFields
              password={form.getInputProps('newPassword')}
              confirmation={form.getInputProps('confirmation')}
            />
            <Button type="submit" loading={finish.isPending}>
              {t('reset.finish.form.button')}
            </Button>
          </Stack>
        </form>
      )}
    </PublicCard>
  );
}
