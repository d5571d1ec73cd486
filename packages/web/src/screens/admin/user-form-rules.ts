// Rules of the user form (spec part 1 sections 3 and 5): the login's pattern and bounds, the e-mail,
// the name lengths and the language; the messages are those of the self-service forms.
import { ACCOUNT_RULES, LANGUAGES } from '@bank/domain';
import type { TFunction } from 'i18next';
import type { AdminUser } from '../../api/users';
import { emailError, loginError } from '../account/account-rules';

export type UserFormValues = Pick<
  AdminUser,
  'login' | 'firstName' | 'lastName' | 'email' | 'activated' | 'langKey' | 'authorities'
>;

const maxLength = (t: TFunction, value: string | null, max: number, key: string) =>
  (value ?? '').length > max ? t(key, { max }) : null;

export function userFormRules(t: TFunction) {
  return {
    login: (value: string) => loginError(t, value),
    email: (value: string) => emailError(t, value),
    firstName: (value: string | null) =>
      maxLength(t, value, ACCOUNT_RULES.firstName.maxLength, 'global.messages.validate.firstname.maxlength'),
    lastName: (value: string | null) =>
      maxLength(t, value, ACCOUNT_RULES.lastName.maxLength, 'global.messages.validate.lastname.maxlength'),
    langKey: (value: string) =>
      (LANGUAGES as readonly string[]).includes(value) ? null : t('userManagement.messages.langKey'),
  };
}

export const emptyUser = (langKey: string): UserFormValues => ({
  login: '',
  firstName: '',
  lastName: '',
  email: '',
  activated: true,
  langKey,
  authorities: [],
});
