// /account/password: current password, new password and its confirmation → POST api/account/change-password.
import { ACCOUNT_RULES } from '@bank/domain';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { changePassword } from '../../api/account';
import { useSession } from '../../auth/use-session';
import { PageTitle } from '../../ui/PageTitle';
import { useFormLanguage } from '../../ui/use-form-language';
import { NewPasswordFields } from './NewPasswordFields';

const { minLength, maxLength } = ACCOUNT_RULES.password;

export function PasswordPage() {
  const { t } = useTranslation();
  const { account } = useSession();
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirmation: '' },
    validate: {
      currentPassword: (value) => (value ? null : t('global.messages.validate.currentpassword.required')),
      newPassword: (value) => {
        if (!value) return t('global.messages.validate.newpassword.required');
        if (value.length < minLength) return t('global.messages.validate.newpassword.minlength', { min: minLength });
        if (value.length > maxLength) return t('global.messages.validate.newpassword.maxlength', { max: maxLength });
        return null;
      },
      confirmation: (value, values) => {
        if (!value) return t('global.messages.validate.confirmpassword.required');
        return value === values.newPassword ? null : t('global.messages.error.dontmatch');
      },
    },
  });
  useFormLanguage(form);
  const change = useMutation({ mutationFn: changePassword, onSuccess: () => form.reset() });

  const submit = form.onSubmit(({ currentPassword, newPassword }) => change.mutate({ currentPassword, newPassword }));

  return (
    <Stack maw={560}>
      <PageTitle>{t('password.title', { username: account?.login ?? '' })}</PageTitle>
      <form onSubmit={submit} noValidate>
        <Stack>
          <PasswordInput
            label={t('global.form.currentpassword.label')}
            autoComplete="current-password"
            required
            {...form.getInputProps('currentPassword')}
          />
          <NewPasswordFields
            password={form.getInputProps('newPassword')}
            confirmation={form.getInputProps('confirmation')}
          />
          <Button type="submit" loading={change.isPending} w="fit-content">
            {t('global.form.save')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
