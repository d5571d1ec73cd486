// Admin menu (spec part 1 section 2.1): ADMIN only; gateway, users, metrics, health, configuration, audits,
// logs, online-banking accounts, the books' check and the ledger corrections, and the API docs when the profile says isSwaggerEnabled.
import { ROUTE_ACCESS } from '@bank/domain';
import {
  IconApi,
  IconBook2,
  IconChartLine,
  IconFileText,
  IconHeartbeat,
  IconHistory,
  IconEyeCheck,
  IconList,
  IconRoute,
  IconScale,
  IconSettings,
  IconShieldCog,
  IconUsers,
  IconUserScan,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { profileQuery } from '../api/management';
import { useHasAuthority } from '../auth/use-has-authority';
import { HeaderMenu, type HeaderMenuItem } from './HeaderMenu';

export function AdminMenu() {
  const { t } = useTranslation();
  const swagger = useQuery(profileQuery()).data?.isSwaggerEnabled === true;
  if (!useHasAuthority(ROUTE_ACCESS.adminMenu)) return null;
  const item = (to: string, Icon: typeof IconList, label: string): HeaderMenuItem => ({
    key: to,
    to,
    label,
    icon: <Icon size={16} aria-hidden />,
  });
  return (
    <HeaderMenu
      data-testid="admin-menu"
      icon={<IconShieldCog size={18} aria-hidden />}
      label={t('global.menu.admin.main')}
      items={[
        item('/admin/gateway', IconRoute, t('admin.menu.gateway')),
        item('/admin/user-management', IconUsers, t('admin.menu.userManagement')),
        item('/admin/metrics', IconChartLine, t('admin.menu.metrics')),
        item('/admin/health', IconHeartbeat, t('global.menu.admin.health')),
        item('/admin/configuration', IconSettings, t('admin.menu.configuration')),
        item('/admin/audits', IconHistory, t('admin.menu.audits')),
        item('/admin/access-log', IconEyeCheck, t('admin.menu.accessLog')),
        item('/admin/logs', IconFileText, t('admin.menu.logs')),
        item('/admin/list/users', IconUserScan, t('admin.menu.onlineUsers')),
        item('/admin/ledger', IconBook2, t('admin.menu.ledger')),
        item('/entity/ledger-correction/view/manager', IconScale, t('admin.menu.ledgerCorrections')),
        ...(swagger ? [item('/admin/docs', IconApi, t('admin.menu.docs'))] : []),
      ]}
    />
  );
}
