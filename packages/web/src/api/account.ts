// The user's own account (spec part 1 section 7.1): settings, password change, and the public registration,
// activation and password-reset calls.
import { APP_HEADERS } from '@bank/domain';
import { requestData } from './http-client';
import { isHttpError } from './http-error';
import type { AccountSettings, PasswordChange } from './types';

/** The settings' refusals about the current password (asked for a new e-mail): told beside its field. */
export const CURRENT_PASSWORD_ERRORS: readonly string[] = ['error.invalidpassword', 'error.currentPasswordRequired'];

export function saveAccount(settings: AccountSettings): Promise<unknown> {
  return requestData('api/account', {
    method: 'POST',
    body: settings,
    successMessage: 'settings.messages.success',
    quietMessages: CURRENT_PASSWORD_ERRORS,
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

export interface Registration {
  login: string;
  email: string;
  password: string;
  langKey: string;
}

/** The failure is told on the page itself (the server's error key), not in a toast. */
export function register(registration: Registration): Promise<unknown> {
  return requestData('api/register', { method: 'POST', body: registration, errorMessage: false });
}

export function activate(key: string): Promise<unknown> {
  return requestData('api/activate', { query: { key }, errorMessage: false });
}

/** The body is the bare e-mail as text/plain; known or not, the address gets the same 200. */
export function requestPasswordReset(email: string): Promise<unknown> {
  return requestData('api/account/reset-password/init', { method: 'POST', body: email, errorMessage: false });
}

export function finishPasswordReset(key: string, newPassword: string): Promise<unknown> {
  return requestData('api/account/reset-password/finish', {
    method: 'POST',
    body: { key, newPassword },
    errorMessage: false,
  });
}

/** The i18n key a failed self-service call carries (X-App-Error or the body's message), else a generic one. */
export function failureKeyOf(error: unknown): string {
  if (!isHttpError(error)) return 'error.unknown';
  if (error.status === 0) return 'error.server.not.reachable';
  const message = (error.body as { message?: unknown } | null)?.message;
  return error.headers?.get(APP_HEADERS.error) ?? (typeof message === 'string' ? message : 'error.unknown');
}

/** One of the signed-in user's open sessions (GET api/account/sessions). */
export interface StaffSession {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  ip: string | null;
  userAgent: string | null;
  method: 'password' | 'totp' | 'oidc';
  current: boolean;
}

export const sessionsKey = ['account', 'sessions'] as const;

export function fetchSessions(signal?: AbortSignal): Promise<StaffSession[]> {
  return requestData<StaffSession[]>('api/account/sessions', { signal });
}

/** Ends one of the user's other sessions: its token is refused everywhere after. */
export function endSession(id: string): Promise<unknown> {
  return requestData(`api/account/sessions/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    successMessage: 'security.sessions.ended',
  });
}

/** A new authenticator secret, not active until `activateTotp` confirms a code from it. */
export function setupTotp(): Promise<{ secret: string; otpauthUri: string }> {
  return requestData('api/account/mfa/totp/setup', { method: 'POST' });
}

/** Confirms the new secret; the answer's recovery codes are shown this once and never again. */
export function activateTotp(code: string): Promise<{ recoveryCodes: string[] }> {
  return requestData('api/account/mfa/totp/activate', {
    method: 'POST',
    body: { code },
    errorMessage: false,
  });
}

/** Removes the second factor, which a current code (or a recovery code) proves the user still holds. */
export function removeTotp(code: string): Promise<unknown> {
  return requestData('api/account/mfa/totp', {
    method: 'DELETE',
    body: { code },
    errorMessage: false,
    successMessage: 'security.mfa.removed',
  });
}
