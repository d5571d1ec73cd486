// The account group (lazy chunk): the signed-in user's own settings and password.
export { PasswordPage } from './PasswordPage';
export { SettingsPage } from './SettingsPage';
