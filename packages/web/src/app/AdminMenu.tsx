// Admin menu (spec part 1 section 2.1): ADMIN only; the other administration screens join it later.
import { ROUTE_ACCESS } from '@bank/domain';
import { Menu } from '@mantine/core';
import { IconHeartbeat, IconShieldCog } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHasAuthority } from '../auth/use-has-authority';
import { HeaderMenuButton } from './HeaderMenuButton';

export function AdminMenu() {
  const { t } = useTranslation();
  if (!useHasAuthority(ROUTE_ACCESS.adminMenu)) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <HeaderMenuButton
          data-testid="admin-menu"
          icon={<IconShieldCog size={18} aria-hidden />}
          label={t('global.menu.admin.main')}
        />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/admin/health" leftSection={<IconHeartbeat size={16} aria-hidden />}>
          {t('global.menu.admin.health')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
