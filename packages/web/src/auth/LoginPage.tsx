// Sign-in screen (spec part 1 section 2.2): logo, 'Connexion', username, password, submit; no remember-me.
import { Alert, Anchor, Button, Center, Group, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, type Location, Navigate, useLocation } from 'react-router';
import { isHttpError } from '../api/http-error';
import { Logo } from '../ui/Logo';
import { PageLoader } from '../ui/PageLoader';
import { useAuthNotice } from './auth-notice';
import { useSession } from './use-session';
import { useSignIn } from './use-sign-in';

/** Where to go once signed in: the page that sent the user here, else home. */
function returnPath(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
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

export function LoginPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const { isAuthenticated, isPending } = useSession();
  const notice = useAuthNotice();
  const signIn = useSignIn();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  // Which fields were submitted empty; the texts are translated at render, so they follow the language.
  const [missing, setMissing] = useState({ username: false, password: false });

  if (isPending) return <PageLoader />;
  if (isAuthenticated) return <Navigate to={returnPath(location.state)} replace />;

  const failure = failureKey(signIn.error, (key) => i18n.exists(key));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty = { username: username.trim() === '', password: password === '' };
    setMissing(empty);
    if (!empty.username && !empty.password) signIn.mutate({ username: username.trim(), password, rememberMe: false });
  };

  return (
    <Center py="xl">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420}>
        <form onSubmit={submit} noValidate aria-labelledby="login-title">
          <Stack>
            <Center>
              <Logo size={56} />
            </Center>
            <Title order={1} id="login-title" ta="center" size="h2">
              {t('login.title')}
            </Title>
            {notice && !failure && (
              <Alert color="yellow" variant="light">
                {t(notice)}
              </Alert>
            )}
            {failure && (
              <Alert color="red" variant="light" data-testid="login-error">
                {t(failure)}
              </Alert>
            )}
            <TextInput
              label={t('global.form.username.label')}
              placeholder={t('global.form.username.placeholder')}
              name="username"
              autoComplete="username"
              autoFocus
              value={username}
              onChange={(event) => setUsername(event.currentTarget.value)}
              error={missing.username && t('login.messages.validate.username.required')}
            />
            <PasswordInput
              label={t('global.form.password.label')}
              placeholder={t('global.form.password.placeholder')}
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={missing.password && t('login.messages.validate.password.required')}
            />
            <Button type="submit" loading={signIn.isPending} fullWidth>
              {t('login.form.button')}
            </Button>
            <Group justify="space-between">
              <Anchor component={Link} to="/reset/request" size="sm">
                {t('reset.request.link')}
              </Anchor>
              <Anchor component={Link} to="/register" size="sm">
                {t('register.link')}
              </Anchor>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
