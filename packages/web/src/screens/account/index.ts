// The account group (lazy chunk): the signed-in user's settings, password and sessions, and the signed-out pages
// of registration, activation and password reset.
export { ActivatePage } from './ActivatePage';
export { PasswordPage } from './PasswordPage';
export { RegisterPage } from './RegisterPage';
export { ResetFinishPage } from './ResetFinishPage';
export { ResetRequestPage } from './ResetRequestPage';
export { SecurityPage } from './SecurityPage';
export { SettingsPage } from './SettingsPage';
