// The shell's header: home link, environment ribbon, admin menu, language picker, account menu.
import { Anchor, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../ui/Logo';
import { AccountMenu } from './AccountMenu';
import { LanguagePicker } from './LanguagePicker';
import { Ribbon } from './Ribbon';

/** `adminMenu` comes from the signed-in shell: the sign-in page does not carry it. */
export function Header({ adminMenu }: { adminMenu?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Anchor component={Link} to="/" underline="never" c="inherit" aria-label={t('global.title')}>
          <Group gap="xs" wrap="nowrap">
            <Logo size={32} />
            <Text fw={700} size="lg" visibleFrom="xs">
              {t('global.title')}
            </Text>
          </Group>
        </Anchor>
        <Ribbon />
      </Group>
      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }} component="nav" aria-label={t('global.menu.main')}>
        {adminMenu}
        <LanguagePicker />
        <AccountMenu />
      </Group>
    </Group>
  );
}
