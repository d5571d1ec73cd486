// Field rules of the self-service forms (spec part 1 section 5): login, e-mail, password and its confirmation,
// as Mantine form validators returning translated messages; bounds come from the domain's ACCOUNT_RULES.
import { ACCOUNT_RULES } from '@bank/domain';
import type { TFunction } from 'i18next';

const EMAIL = /^[^@\s]+@[^@\s]+$/;
type Bounds = { minLength: number; maxLength: number };

export function loginError(t: TFunction, value: string): string | null {
  const { minLength, maxLength, pattern } = ACCOUNT_RULES.login;
  if (!value) return t('register.messages.validate.login.required');
  if (value.length < minLength) return t('register.messages.validate.login.minlength', { min: minLength });
  if (value.length > maxLength) return t('register.messages.validate.login.maxlength', { max: maxLength });
  return pattern.test(value) ? null : t('register.messages.validate.login.pattern');
}

export function emailError(t: TFunction, value: string): string | null {
  const { minLength, maxLength } = ACCOUNT_RULES.email;
  if (!value) return t('global.messages.validate.email.required');
  if (value.length < minLength) return t('global.messages.validate.email.minlength', { min: minLength });
  if (value.length > maxLength) return t('global.messages.validate.email.maxlength', { max: maxLength });
  return EMAIL.test(value) ? null : t('global.messages.validate.email.invalid');
}

/** Registration and change use ACCOUNT_RULES.password (4-50), the reset finish uses resetPassword (8-50). */
export function passwordError(t: TFunction, value: string, bounds: Bounds = ACCOUNT_RULES.password): string | null {
  if (!value) return t('global.messages.validate.newpassword.required');
  if (value.length < bounds.minLength)
    return t('global.messages.validate.newpassword.minlength', { min: bounds.minLength });
  if (value.length > bounds.maxLength)
    return t('global.messages.validate.newpassword.maxlength', { max: bounds.maxLength });
  return null;
}

export function confirmationError(t: TFunction, value: string, password: string): string | null {
  if (!value) return t('global.messages.validate.confirmpassword.required');
  return value === password ? null : t('global.messages.error.dontmatch');
}
