// The signed-in shell (spec part 1 section 2.1): Mantine AppShell with the header and the routed page;
// the role side menu (spec part 2 section 2.17) takes the navbar slot for staff users, whose live work
// queue runs here.
import { AppShell, Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { useSession } from '../auth/use-session';
import { AdminMenu } from './AdminMenu';
import { Header } from './Header';
import { sideMenuFor } from './side-menu';
import { SideMenu } from './SideMenu';
import { SessionTimeout } from './SessionTimeout';
import { SkipLink } from './SkipLink';
import { ThemeProvider } from './ThemeProvider';
import { useLiveEvents } from './use-live-events';

export function SignedInLayout() {
  useLiveEvents();
  const { account } = useSession();
  const menu = sideMenuFor(account?.authorities);
  return (
    <ThemeProvider>
      <AppShell header={{ height: 60 }} navbar={menu ? { width: 240, breakpoint: 'sm' } : undefined} padding="md">
        <SkipLink />
        <SessionTimeout />
        <AppShell.Header>
          <Header adminMenu={<AdminMenu />} />
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
    </ThemeProvider>
  );
}
