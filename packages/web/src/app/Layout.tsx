// The shell (spec part 1 section 2.1): Mantine AppShell with the header and the routed page.
// The role side menu (spec part 2 section 2.17) takes the AppShell navbar slot for staff users.
import { useLiveEvents } from './use-live-events';
import { AppShell, Container } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { useSession } from '../auth/use-session';
import { useAccountLocale } from '../i18n/use-account-locale';
import { Header } from './Header';
import classes from './Layout.module.css';
import { sideMenuFor } from './side-menu';
import { SideMenu } from './SideMenu';

export function Layout() {
  const { t } = useTranslation();
  useAccountLocale();
  useLiveEvents();
  const { account, isAuthenticated } = useSession();
  const menu = isAuthenticated ? sideMenuFor(account?.authorities) : null;
  return (
    <AppShell header={{ height: 60 }} navbar={menu ? { width: 240, breakpoint: 'sm' } : undefined} padding="md">
      <a href="#main" className={classes.skipLink}>
        {t('global.skipToContent')}
      </a>
      <AppShell.Header>
        <Header />
      </AppShell.Header>
      {menu && (
        <AppShell.Navbar>
          <SideMenu menu={menu} login={account?.login ?? ''} />
        </AppShell.Navbar>
      )}
      <AppShell.Main id="main" tabIndex={-1}>
        <Container size="xl" px={0}>
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
