// The shell (spec part 1 section 2.1): Mantine AppShell with the header and the routed page.
// The role side menu (spec part 2 section 2.17) will take the AppShell navbar slot.
import { AppShell, Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useAccountLocale } from '../i18n/use-account-locale';
import { Header } from './Header';
import classes from './Layout.module.css';

export function Layout() {
  const { t } = useTranslation();
  useAccountLocale();
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <a href="#main" className={classes.skipLink}>
        {t('global.skipToContent')}
      </a>
      <AppShell.Header>
        <Header />
      </AppShell.Header>
      <AppShell.Main id="main" tabIndex={-1}>
        <Container size="xl" px={0}>
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
