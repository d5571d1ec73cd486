// /reset/request (spec part 1 sections 5, 7.1 and 8): the e-mail (5-254) → POST api/account/reset-password/init;
// the server answers a known and an unknown address alike, so the page says a mail goes there if it is a staff one.
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { failureKeyOf, requestPasswordReset } from '../../api/account';
import { useFormLanguage } from '../../ui/use-form-language';
import { emailError } from './account-rules';
import { PublicCard } from './PublicCard';

export function ResetRequestPage() {
  const { t } = useTranslation();
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: (value) => emailError(t, value) },
  });
  useFormLanguage(form);
  const send = useMutation({ mutationFn: requestPasswordReset });

  return (
    <PublicCard title={t('reset.request.title')}>
      {send.isSuccess ? (
        <Alert color="green" variant="light" data-testid="reset-request-success">
          {t('reset.request.messages.success')}
        </Alert>
      ) : (
        <Text size="sm">{t('reset.request.messages.info')}</Text>
      )}
      {send.isError && (
        <Alert color="red" variant="light" data-testid="reset-request-error">
          {t(failureKeyOf(send.error))}
        </Alert>
      )}
      {!send.isSuccess && (
        <form onSubmit={form.onSubmit(({ email }) => send.mutate(email.trim()))} noValidate>
          <Stack>
            <TextInput
              label={t('global.form.email.label')}
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps('email')}
            />
            <Button type="submit" loading={send.isPending}>
              {t('reset.request.form.button')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/login" size="sm" ta="center">
        {t('register.signin')}
      </Anchor>
    </PublicCard>
  );
}
