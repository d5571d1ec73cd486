// The signed-in user's own account (spec part 1 section 7.1): settings and password change.
import { requestData } from './http-client';
import type { AccountSettings, PasswordChange } from './types';

export function saveAccount(settings: AccountSettings): Promise<unknown> {
  return requestData('api/account', {
    method: 'POST',
    body: settings,
    successMessage: 'settings.messages.success',
  });
}

export function changePassword(change: PasswordChange): Promise<unknown> {
  return requestData('api/account/change-password', {
    method: 'POST',
    body: change,
    successMessage: 'password.messages.success',
    errorMessage: 'password.messages.error',
  });
}
