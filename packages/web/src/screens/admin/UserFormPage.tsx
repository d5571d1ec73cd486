// /admin/user-management/new and /{login}/edit: login, names, e-mail, activated, language and authorities
// → POST or PUT api/users, then back to the list. An administrator cannot deactivate themselves.
import { LANGUAGES } from '@bank/domain';
import { Alert, Button, Checkbox, Group, MultiSelect, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { userQueries, type AdminUser } from '../../api/users';
import { PageLoader } from '../../ui/PageLoader';
import { PageTitle } from '../../ui/PageTitle';
import { useFormLanguage } from '../../ui/use-form-language';
import { emptyUser, userFormRules, type UserFormValues } from './user-form-rules';
import { useIsSelf, useUserSave } from './use-user-save';

function UserForm({ user }: { user: AdminUser | null }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const self = useIsSelf(user?.login);
  const authorities = useQuery(userQueries.authorities());
  const form = useForm<UserFormValues>({
    initialValues: user
      ? { ...user, firstName: user.firstName ?? '', lastName: user.lastName ?? '' }
      : emptyUser(i18n.language),
    validate: userFormRules(t),
  });
  useFormLanguage(form);
  const back = () => void navigate('/admin/user-management');
  const save = useUserSave(back);
  const submit = form.onSubmit((values) => save.mutate({ ...(user ?? {}), ...values, id: user?.id ?? null }));

  return (
    <form onSubmit={submit} noValidate data-testid="user-form">
      <Stack>
        <TextInput label={t('userManagement.fields.login')} required disabled={self} {...form.getInputProps('login')} />
        <TextInput label={t('userManagement.fields.firstName')} {...form.getInputProps('firstName')} />
        <TextInput label={t('userManagement.fields.lastName')} {...form.getInputProps('lastName')} />
        <TextInput label={t('userManagement.fields.email')} type="email" required {...form.getInputProps('email')} />
        <Checkbox
          label={t('userManagement.fields.activated')}
          disabled={self}
          description={self ? t('userManagement.self.deactivate') : undefined}
          {...form.getInputProps('activated', { type: 'checkbox' })}
        />
        <NativeSelect
          label={t('userManagement.fields.langKey')}
          data={LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
          {...form.getInputProps('langKey')}
        />
        <MultiSelect
          label={t('userManagement.fields.authorities')}
          data={(authorities.data ?? []).map((role) => ({
            value: role,
            label: t(`roles.${role}`, { defaultValue: role }),
          }))}
          searchable
          {...form.getInputProps('authorities')}
        />
        <Group>
          <Button variant="default" onClick={back}>
            {t('admin.action.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('global.form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function UserFormPage() {
  const { t } = useTranslation();
  const login = useParams().login;
  const user = useQuery({ ...userQueries.one(login ?? ''), enabled: login !== undefined });
  return (
    <Stack maw={640}>
      <PageTitle>{t(login ? 'userManagement.home.editLabel' : 'userManagement.home.createLabel')}</PageTitle>
      {login && user.isPending && <PageLoader />}
      {login && user.isError && <Alert color="red">{t('error.url.not.found')}</Alert>}
      {(!login || user.data) && <UserForm key={login ?? 'new'} user={user.data ?? null} />}
    </Stack>
  );
}
