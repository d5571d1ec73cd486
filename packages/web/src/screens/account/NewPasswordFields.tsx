// The new password with its strength meter, then its confirmation: the same three rows on the
// registration, password change and reset pages. Takes the form's input props for each field.
import { PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { StrengthMeter } from './StrengthMeter';

export function NewPasswordFields({
  password,
  confirmation,
}: {
  password: GetInputPropsReturnType;
  confirmation: GetInputPropsReturnType;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput label={t('global.form.newpassword.label')} autoComplete="new-password" required {...password} />
      <StrengthMeter password={String(password.value ?? '')} />
      <PasswordInput
        label={t('global.form.confirmpassword.label')}
        autoComplete="new-password"
        required
        {...confirmation}
      />
    </>
  );
}
