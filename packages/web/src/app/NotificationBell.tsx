// The header's notifications bell (issue 38): the unread count on the bell, and under it the newest
// notifications, each leading to its request (through /work/request, which finds the request's screen) and
// marked read when followed. What a staff member is told, and why, is the server's (docs/api.md#notifications).
import { formatDateTime, type StaffNotification } from '@bank/domain';
import { IconBell } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { markNotificationsRead, notificationsQuery } from '../api/notifications';
import { StatusBadge } from '../workflow/StatusBadge';
import classes from './Header.module.css';
import { HeaderMenu, type HeaderMenuItem } from './HeaderMenu';

export function NotificationBell() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery(notificationsQuery()).data;
  const unread = list?.unread ?? 0;
  const item = (notification: StaffNotification): HeaderMenuItem => ({
    key: String(notification.id),
    label: t('notifications.item', {
      type: t(`entities.${notification.entity}.name`),
      id: notification.requestId,
    }),
    description: t(`notifications.reason.${notification.reason}`, {
      login: notification.decidedBy,
      date: formatDateTime(notification.createdAt),
    }),
    icon: <StatusBadge status={notification.status} />,
    to: `/work/request/${notification.entity}/${notification.requestId}`,
    strong: !notification.read,
    onClick: notification.read ? undefined : () => void markNotificationsRead(queryClient, notification.id),
  });
  const items = list?.items ?? [];
  return (
    <HeaderMenu
      data-testid="notification-bell"
      data-unread={unread}
      icon={
        // The count is drawn by the style sheet (::after): the button's name says it, in words.
        <span className={classes.bell} data-count={unread > 0 ? (unread > 99 ? '99+' : unread) : undefined}>
          <IconBell size={18} aria-hidden />
        </span>
      }
      label={t('notifications.title')}
      aria-label={t('notifications.bell', { count: unread })}
      items={
        items.length === 0
          ? [{ key: 'empty', label: t('notifications.empty'), disabled: true }]
          : [
              ...items.map(item),
              ...(unread > 0
                ? [
                    {
                      key: 'read-all',
                      label: t('notifications.readAll'),
                      onClick: () => void markNotificationsRead(queryClient),
                    },
                  ]
                : []),
            ]
      }
    />
  );
}
