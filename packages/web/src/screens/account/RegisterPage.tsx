// /register (spec part 1 sections 2.2, 5, 7.1): login, e-mail, password and confirmation → POST api/register;
// success tells the user to check their e-mail, a failure shows the server's error key translated.
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { failureKeyOf, register } from '../../api/account';
import { useFormLanguage } from '../../ui/use-form-language';
import { confirmationError, emailError, loginError, passwordError } from './account-rules';
import { PublicCard } from './PublicCard';
import { NewPasswordFields } from './NewPasswordFields';

export function RegisterPage() {
  const { t, i18n } = useTranslation();
  const form = useForm({
    initialValues: { login: '', email: '', password: '', confirmation: '' },
    validate: {
      login: (value) => loginError(t, value),
      email: (value) => emailError(t, value),
      password: (value) => passwordError(t, value),
      confirmation: (value, values) => confirmationError(t, value, values.password),
    },
  });
  useFormLanguage(form);
  const save = useMutation({ mutationFn: register, onSuccess: () => form.reset() });
  const submit = form.onSubmit(({ login, email, password }) =>
    save.mutate({ login, email, password, langKey: i18n.language }),
  );

  return (
    <PublicCard title={t('register.title')}>
      {save.isSuccess && (
        <Alert color="green" variant="light" data-testid="register-success">
          {t('register.messages.success')}
        </Alert>
      )}
      {save.isError && (
        <Alert color="red" variant="light" data-testid="register-error">
          {t(failureKeyOf(save.error), { defaultValue: t('register.messages.error.fail') })}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('global.form.username.label')}
            autoComplete="username"
            required
            {...form.getInputProps('login')}
          />
          <TextInput
            label={t('global.form.email.label')}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          <NewPasswordFields
            password={form.getInputProps('password')}
            confirmation={form.getInputProps('confirmation')}
          />
          <Button type="submit" loading={save.isPending}>
            {t('register.form.button')}
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            {t('register.signin')}
          </Anchor>
        </Stack>
      </form>
    </PublicCard>
  );
}
