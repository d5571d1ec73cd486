// Account menu (spec part 1 section 2.1): settings, password and sign-out when signed in, sign-in otherwise.
import { Menu } from '@mantine/core';
import { IconLock, IconLogin, IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../auth/use-session';
import { HeaderMenuButton } from './HeaderMenuButton';

export function AccountMenu() {
  const { t } = useTranslation();
  const { isAuthenticated } = useSession();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <HeaderMenuButton
          data-testid="account-menu"
          icon={<IconUser size={18} aria-hidden />}
          label={t('global.menu.account.main')}
        />
      </Menu.Target>
      <Menu.Dropdown>
        {isAuthenticated ? (
          <>
            <Menu.Item component={Link} to="/account/settings" leftSection={<IconSettings size={16} aria-hidden />}>
              {t('global.menu.account.settings')}
            </Menu.Item>
            <Menu.Item component={Link} to="/account/password" leftSection={<IconLock size={16} aria-hidden />}>
              {t('global.menu.account.password')}
            </Menu.Item>
            <Menu.Item component={Link} to="/logout" leftSection={<IconLogout size={16} aria-hidden />}>
              {t('global.menu.account.logout')}
            </Menu.Item>
          </>
        ) : (
          <Menu.Item component={Link} to="/login" leftSection={<IconLogin size={16} aria-hidden />}>
            {t('global.menu.account.login')}
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
