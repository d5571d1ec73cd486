// Toasts for calls: the catalogue's texts shown with Mantine notifications (top-left, set in the shell).
import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n/i18n';
import { describeFailure, describeSuccess, type FailureContext } from './error-catalogue';

export function notifyFailure(error: unknown, ownMessage?: string, context?: FailureContext): void {
  for (const message of describeFailure(error, i18n, ownMessage, context)) {
    notifications.show({ color: 'red', message, autoClose: 8000 });
  }
}

export function notifySuccess(headers: Headers | null, ownMessage?: string): void {
  const message = describeSuccess(headers, i18n, ownMessage);
  if (message) notifications.show({ color: 'green', message });
}
