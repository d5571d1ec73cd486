// Account menu (spec part 1 section 2.1): settings (ADMIN, MANAGER), password, security and sign-out when
// signed in, sign-in otherwise.
import { hasAnyAuthority, ROUTE_ACCESS } from '@bank/domain';
import { IconLock, IconLogin, IconLogout, IconSettings, IconShieldLock, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../auth/use-session';
import { HeaderMenu, type HeaderMenuItem } from './HeaderMenu';

export function AccountMenu() {
  const { t } = useTranslation();
  const { account, isAuthenticated } = useSession();
  const item = (to: string, Icon: typeof IconUser, label: string): HeaderMenuItem => ({
    key: to,
    to,
    label,
    icon: <Icon size={16} aria-hidden />,
  });
  const items = isAuthenticated
    ? [
        ...(hasAnyAuthority(account?.authorities, ROUTE_ACCESS.account)
          ? [item('/account/settings', IconSettings, t('global.menu.account.settings'))]
          : []),
        item('/account/password', IconLock, t('global.menu.account.password')),
        item('/account/security', IconShieldLock, t('global.menu.account.security')),
        item('/logout', IconLogout, t('global.menu.account.logout')),
      ]
    : [item('/login', IconLogin, t('global.menu.account.login'))];
  return (
    <HeaderMenu
      data-testid="account-menu"
      icon={<IconUser size={18} aria-hidden />}
      label={t('global.menu.account.main')}
      items={items}
    />
  );
}
