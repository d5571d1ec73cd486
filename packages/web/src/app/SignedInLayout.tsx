// The signed-in shell (spec part 1 section 2.1): Mantine AppShell with the header and the routed page;
// the role side menu (spec part 2 section 2.17) takes the navbar slot for staff users, whose live work
// queue runs here. Below the md breakpoint (tablets, phones) the side menu hides behind the header's
// button and opens over the page.
import { ROUTE_ACCESS } from '@bank/domain';
import { AppShell, Burger, Container, Overlay } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useSession } from '../auth/use-session';
import { useHasAuthority } from '../auth/use-has-authority';
import { AdminMenu } from './AdminMenu';
import { Header } from './Header';
import classes from './Layout.module.css';
import { NotificationBell } from './NotificationBell';
import { sideMenuFor } from './side-menu';
import { SideMenu } from './SideMenu';
import { SessionTimeout } from './SessionTimeout';
import { SkipLink } from './SkipLink';
import { ThemeProvider } from './ThemeProvider';
import { useLiveEvents } from './use-live-events';

/** The side menu's state on a small screen: open for one location, closed by Escape, a click beside it or a link. */
function useMenuToggle() {
  const location = useLocation();
  // Kept as the location it was opened at: following a link (a new location key) closes it, no effect needed.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const opened = openedAt === location.key;
  const button = useRef<HTMLButtonElement>(null);
  const close = () => setOpenedAt(null);
  useWindowEvent('keydown', (event) => {
    if (!opened || event.key !== 'Escape') return;
    close();
    // The focus may have been on a link of the menu, which is now hidden.
    button.current?.focus();
  });
  return { opened, button, close, toggle: () => setOpenedAt(opened ? null : location.key) };
}

export function SignedInLayout() {
  useLiveEvents();
  const { t } = useTranslation();
  const { account } = useSession();
  const menu = sideMenuFor(account?.authorities);
  const staff = useHasAuthority(ROUTE_ACCESS.entity);
  const { opened, button, close, toggle } = useMenuToggle();
  const navbarId = useId();
  // The location the main area shows, written when its page renders: a test that drives the router waits for
  // it rather than for the address, which changes first.
  const { pathname } = useLocation();
  return (
    <ThemeProvider>
      <AppShell
        header={{ height: 60 }}
        navbar={menu ? { width: 240, breakpoint: 'md', collapsed: { mobile: !opened } } : undefined}
        padding="md"
      >
        <SkipLink />
        <SessionTimeout />
        <AppShell.Header>
          <Header
            bell={staff && <NotificationBell />}
            adminMenu={<AdminMenu />}
            menuButton={
              menu && (
                <Burger
                  ref={button}
                  opened={opened}
                  onClick={toggle}
                  hiddenFrom="md"
                  size="sm"
                  aria-label={t('layout.menuButton')}
                  aria-expanded={opened}
                  aria-controls={navbarId}
                  data-testid="menu-button"
                />
              )
            }
          />
        </AppShell.Header>
        {menu && (
          <AppShell.Navbar id={navbarId} className={classes.navbar} mod={{ opened }}>
            <SideMenu menu={menu} login={account?.login ?? ''} />
          </AppShell.Navbar>
        )}
        {/* Under the header and the side menu (z-index 100): a click beside the open menu closes it. */}
        {menu && opened && <Overlay fixed zIndex={99} hiddenFrom="md" backgroundOpacity={0.3} onClick={close} />}
        <AppShell.Main id="main" tabIndex={-1} data-path={pathname}>
          {/* The whole width: on a 1920 px screen a list shows its columns without wrapping (forms keep their own width). */}
          <Container fluid px={0}>
            <Outlet />
          </Container>
        </AppShell.Main>
      </AppShell>
    </ThemeProvider>
  );
}
