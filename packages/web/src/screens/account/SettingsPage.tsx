// /account/settings: first name, last name, email and language of the signed-in user → POST api/account.
import { ACCOUNT_RULES, LANGUAGES } from '@bank/domain';
import { Button, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { saveAccount } from '../../api/account';
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
  const form = useForm<AccountSettings>({
    initialValues: {
      firstName: account?.firstName ?? '',
      lastName: account?.lastName ?? '',
      email: account?.email ?? '',
      langKey: isLanguage(account?.langKey) ? account.langKey : LANGUAGES[0],
    },
    validate: {
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
  const save = useMutation({
    mutationFn: saveAccount,
    onSuccess: async (_, saved) => {
      if (isLanguage(saved.langKey)) await changeLocale(saved.langKey);
      await queryClient.invalidateQueries({ queryKey: sessionQuery().queryKey });
    },
  });

  return (
    <Stack maw={560}>
      <PageTitle>{t('settings.title', { username: account?.login ?? '' })}</PageTitle>
      <form onSubmit={form.onSubmit((values) => save.mutate(values))} noValidate>
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
