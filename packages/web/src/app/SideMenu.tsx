// The AppShell navbar: the role's sections and links from side-menu.ts, with each request list's pending
// count and the checker inbox's as badges (refreshed every minute, after each decision and live events).
import { Badge, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { pendingQuery } from '../api/pending';
import { INBOX, hasPending, type SideMenu as Menu } from './side-menu';

export function SideMenu({ menu, login }: { menu: Menu; login: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const pending = useQuery({ ...pendingQuery(), enabled: hasPending(menu) });
  if (menu.admin) {
    return (
      <Stack gap={4} p="sm" data-testid="side-menu">
        <Text fw={700}>{t('menu.admin')}</Text>
        <Text size="sm" c="dimmed">
          {login}
        </Text>
      </Stack>
    );
  }
  return (
    <ScrollArea type="auto" h="100%" p="xs">
      <nav aria-label={t('menu.label')} data-testid="side-menu">
        {menu.sections.map((section) => (
          <Stack key={section.key} gap={0} mb="sm" data-section={section.key}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" py={4}>
              {t(`menu.sections.${section.key}`)}
            </Text>
            {section.links.map((link) => {
              const count =
                link.pending === INBOX
                  ? pending.data?.inbox.total
                  : link.pending && pending.data?.pending[link.pending];
              return (
                <NavLink
                  key={link.key}
                  component={Link}
                  to={link.to}
                  label={t(`menu.links.${link.key}`)}
                  active={pathname === link.to.split('?')[0]}
                  data-link={link.key}
                  py={6}
                  rightSection={
                    count !== undefined && count > 0 ? (
                      <Badge size="sm" color="red" circle={count < 10} data-testid={`pending-${link.pending}`}>
                        {count}
                      </Badge>
                    ) : undefined
                  }
                />
              );
            })}
          </Stack>
        ))}
      </nav>
    </ScrollArea>
  );
}
