// Sign-in screen (spec part 1 section 2.2): logo, 'Connexion', username, password, submit; no remember-me.
// With the bank's directory configured, a 'Se connecter avec …' link too, and why a directory sign-in was refused.
// Drawn without Mantine, as its inputs look (LoginPage.module.css), and without the router (navigation.tsx):
// the first page most users load stays light.
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { directoryRefusal, directorySignInUrl } from '../api/directory';
import { isHttpError } from '../api/http-error';
import { profileQuery } from '../api/management';
import { AppLink, Redirect, useNavigation } from '../app/navigation';
import { Logo } from '../ui/Logo';
import { PageLoader } from '../ui/PageLoader';
import loader from '../ui/PageLoader.module.css';
import button from '../ui/plain-button.module.css';
import { useAuthNotice } from './auth-notice';
import classes from './LoginPage.module.css';
import { useSession } from './use-session';
import { useSignIn } from './use-sign-in';

/** Where to go once signed in: the page that sent the user here, else home. */
function returnPath(state: unknown): string {
  const from = (state as { from?: { pathname?: string; search?: string; hash?: string } } | null)?.from;
  if (!from?.pathname || /^\/(login|logout)\b/.test(from.pathname)) return '/';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** The server's own reason when the catalogue knows it (e.g. a locked login), else the generic failure. */
function failureKey(error: unknown, known: (key: string) => boolean): string | null {
  if (!error) return null;
  const generic = 'login.messages.error.authentication';
  if (!isHttpError(error)) return error instanceof Error && known(error.message) ? error.message : generic;
  if (error.status !== 401) return null; // the error catalogue's toast told it
  const message = (error.body as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message !== 'error.http.401' && known(message) ? message : generic;
}

/** Mantine's eye, crossed out while the password shows. */
function VisibilityIcon({ reveal }: { reveal: boolean }) {
  const line = {
    fill: 'none',
    stroke: 'currentColor',
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
    strokeWidth: 16,
  } as const;
  return (
    <svg viewBox="0 0 256 256" aria-hidden>
      {reveal ? (
        <>
          <path {...line} d="M48 40l160 176M154.91 157.6a40 40 0 01-53.82-59.2M135.53 88.71a40 40 0 0132.3 35.53" />
          <path
            {...line}
            d="M208.61 169.1C230.41 149.58 240 128 240 128s-32-72-112-72a126 126 0 00-20.68 1.68M74 68.6C33.23 89.24 16 128 16 128s32 72 112 72a118.05 118.05 0 0054-12.6"
          />
        </>
      ) : (
        <>
          <path {...line} d="M128 56c-80 0-112 72-112 72s32 72 112 72 112-72 112-72-32-72-112-72z" />
          <circle {...line} cx="128" cy="128" r="40" />
        </>
      )}
    </svg>
  );
}

interface FieldProps {
  label: string;
  placeholder: string;
  name: string;
  autoComplete: string;
  autoFocus?: boolean;
  inputMode?: 'numeric';
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  /** Masked, with Mantine's show/hide toggle. */
  password?: boolean;
}

/** A labelled input with its error, as Mantine's TextInput and PasswordInput draw them. */
function Field({ label, error, onChange, password, ...input }: FieldProps) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div>
      <label htmlFor={id} className={classes.label}>
        {label}
      </label>
      <div className={classes.control}>
        <input
          {...input}
          id={id}
          type={password && !visible ? 'password' : 'text'}
          className={classes.input}
          onChange={(event) => onChange(event.currentTarget.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {password && (
          <div className={classes.toggle}>
            {/* As Mantine's: out of the tab order, its name untranslated, pressed without taking the input's focus. */}
            <button
              type="button"
              className={`${button.frame} ${button.subtle} ${classes.toggleButton}`}
              tabIndex={-1}
              aria-label="Toggle password visibility"
              aria-pressed={visible}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => setVisible(!visible)}
            >
              <VisibilityIcon reveal={visible} />
            </button>
          </div>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className={classes.error}>
          {error}
        </p>
      )}
    </div>
  );
}

export function LoginPage() {
  const { t, i18n } = useTranslation();
  const { location } = useNavigation();
  const { isAuthenticated, isPending } = useSession();
  const notice = useAuthNotice();
  const signIn = useSignIn();
  const directory = useQuery(profileQuery()).data?.oidc;
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  // Which fields were submitted empty; the texts are translated at render, so they follow the language.
  const [missing, setMissing] = useState({ username: false, password: false, code: false });

  if (isPending) return <PageLoader />;
  if (isAuthenticated) return <Redirect to={returnPath(location.state)} />;

  // A password attempt's failure, else why the directory sign-in that came back here was refused.
  const refusal = directoryRefusal(new URLSearchParams(location.search).get('oidcError'));
  const failure =
    failureKey(signIn.error, (key) => i18n.exists(key)) ??
    (refusal && !signIn.isPending ? `oidc.error.${refusal}` : null);
  // The server asks for the second factor after a right password: the code field appears, and stays.
  const askCode = failure === 'error.mfaRequired' || failure === 'error.mfaInvalid' || code !== '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty = { username: username.trim() === '', password: password === '', code: askCode && code.trim() === '' };
    setMissing(empty);
    if (empty.username || empty.password || empty.code) return;
    signIn.mutate({ username: username.trim(), password, rememberMe: false, ...(askCode ? { otp: code.trim() } : {}) });
  };

  return (
    <div className={classes.center}>
      <div className={classes.card}>
        <form onSubmit={submit} noValidate aria-labelledby="login-title">
          <div className={classes.stack}>
            <div className={classes.logo}>
              <Logo size={56} />
            </div>
            <h1 id="login-title" className={classes.title}>
              {t('login.title')}
            </h1>
            {notice && !failure && (
              <div role="alert" className={classes.alert} data-color="yellow">
                {t(notice)}
              </div>
            )}
            {failure && (
              // Being asked for the code is the next step, not a failure: told in the notice's colour.
              <div
                role="alert"
                className={classes.alert}
                data-color={failure === 'error.mfaRequired' ? 'yellow' : 'red'}
                data-testid="login-error"
              >
                {t(failure)}
              </div>
            )}
            <Field
              label={t('global.form.username.label')}
              placeholder={t('global.form.username.placeholder')}
              name="username"
              autoComplete="username"
              autoFocus
              value={username}
              onChange={setUsername}
              error={missing.username ? t('login.messages.validate.username.required') : null}
            />
            <Field
              label={t('global.form.password.label')}
              placeholder={t('global.form.password.placeholder')}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={setPassword}
              error={missing.password ? t('login.messages.validate.password.required') : null}
              password
            />
            {askCode && (
              <Field
                label={t('login.form.otp.label')}
                placeholder={t('login.form.otp.placeholder')}
                name="otp"
                autoComplete="one-time-code"
                inputMode="numeric"
                autoFocus
                value={code}
                onChange={setCode}
                error={missing.code ? t('login.messages.validate.otp.required') : null}
              />
            )}
            <button
              type="submit"
              className={`${button.button} ${classes.submit} mantine-focus-auto`}
              data-loading={signIn.isPending || undefined}
              aria-busy={signIn.isPending}
              disabled={signIn.isPending}
            >
              <span className={classes.submitLabel}>{t('login.form.button')}</span>
              {signIn.isPending && <span className={`${loader.loader} ${classes.spinner}`} aria-hidden />}
            </button>
            {directory && (
              <>
                <div className={classes.or}>{t('oidc.or')}</div>
                {/* A full page load: the server sends the browser on to the directory. */}
                <a
                  href={directorySignInUrl(returnPath(location.state))}
                  className={`${button.button} ${classes.directory} mantine-focus-auto`}
                >
                  {t('oidc.signIn', { label: directory.label })}
                </a>
              </>
            )}
            <div className={classes.links}>
              <AppLink to="/reset/request" className={`${classes.link} mantine-focus-auto`}>
                {t('reset.request.link')}
              </AppLink>
              <AppLink to="/register" className={`${classes.link} mantine-focus-auto`}>
                {t('register.link')}
              </AppLink>
            </div>
          </div>
        </form>
      </div>
    </div>
  );
}
