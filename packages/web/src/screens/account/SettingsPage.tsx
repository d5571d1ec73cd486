// /account/settings: first name, last name, email and language of the signed-in user → POST api/account.
// A new e-mail asks for the current password: password resets go to that address.
import { ACCOUNT_RULES, LANGUAGES } from '@bank/domain';
import { Button, NativeSelect, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CURRENT_PASSWORD_ERRORS, failureKeyOf, saveAccount } from '../../api/account';
import { sessionQuery } from '../../api/session';
import type { AccountSettings } from '../../api/types';
import { useSession } from '../../auth/use-session';
import { changeLocale } from '../../i18n/i18n';
import { isLanguage } from '../../i18n/locale-storage';
import { PageTitle } from '../../ui/PageTitle';
import { useFormLanguage } from '../../ui/use-form-language';

const EMAIL = /^[^@\s]+@[^@\s]+$/;
const { email: emailRule, firstName: firstNameRule, lastName: lastNameRule } = ACCOUNT_RULES;

export function SettingsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { account } = useSession();
  const form = useForm<Required<AccountSettings>>({
    initialValues: {
      firstName: account?.firstName ?? '',
      lastName: account?.lastName ?? '',
      email: account?.email ?? '',
      langKey: isLanguage(account?.langKey) ? account.langKey : LANGUAGES[0],
      currentPassword: '',
    },
    validate: {
      currentPassword: (value, values) =>
        emailChanges(values.email) && !value ? t('global.messages.validate.currentpassword.required') : null,
      firstName: (value) =>
        value.length > firstNameRule.maxLength
          ? t('global.messages.validate.firstname.maxlength', { max: firstNameRule.maxLength })
          : null,
      lastName: (value) =>
        value.length > lastNameRule.maxLength
          ? t('global.messages.validate.lastname.maxlength', { max: lastNameRule.maxLength })
          : null,
      email: (value) => {
        if (!value) return t('global.messages.validate.email.required');
        if (value.length < emailRule.minLength)
          return t('global.messages.validate.email.minlength', { min: emailRule.minLength });
        if (value.length > emailRule.maxLength)
          return t('global.messages.validate.email.maxlength', { max: emailRule.maxLength });
        return EMAIL.test(value) ? null : t('global.messages.validate.email.invalid');
      },
    },
  });
  useFormLanguage(form);
  const emailChanges = (email: string) => email.trim().toLowerCase() !== (account?.email ?? '').toLowerCase();
  const save = useMutation({
    mutationFn: saveAccount,
    onSuccess: async (_, saved) => {
      form.setFieldValue('currentPassword', '');
      if (isLanguage(saved.langKey)) await changeLocale(saved.langKey);
      await queryClient.invalidateQueries({ queryKey: sessionQuery().queryKey });
    },
    // A wrong or missing password is told beside its field.
    onError: (error) => {
      const key = failureKeyOf(error);
      if (CURRENT_PASSWORD_ERRORS.includes(key)) form.setFieldError('currentPassword', t(key));
    },
  });
  const submit = form.onSubmit(({ currentPassword, ...settings }) =>
    save.mutate(emailChanges(settings.email) ? { ...settings, currentPassword } : settings),
  );

  return (
    <Stack maw={560}>
      <PageTitle>{t('settings.title', { username: account?.login ?? '' })}</PageTitle>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label={t('global.form.firstname.label')}
            autoComplete="given-name"
            {...form.getInputProps('firstName')}
          />
          <TextInput
            label={t('global.form.lastname.label')}
            autoComplete="family-name"
            {...form.getInputProps('lastName')}
          />
          <TextInput
            label={t('global.form.email.label')}
            type="email"
            autoComplete="email"
            required
            {...form.getInputProps('email')}
          />
          {emailChanges(form.values.email) && (
            <PasswordInput
              label={t('global.form.currentpassword.label')}
              description={t('settings.form.currentPassword.description')}
              autoComplete="current-password"
              required
              {...form.getInputProps('currentPassword')}
            />
          )}
          <NativeSelect
            label={t('global.form.langKey.label')}
            data={LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
            {...form.getInputProps('langKey')}
          />
          <Button type="submit" loading={save.isPending} w="fit-content">
            {t('global.form.save')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
