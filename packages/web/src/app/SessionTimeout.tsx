// The idle limit seen from the browser (PCI DSS 8.2.8): a minute before the server ends a session left
// unused, a dialog offers to stay signed in; when the limit passes, the user is signed out and the
// sign-in page says why, then brings them back to the page they were on.
import { Button, Group, Modal, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { lastActivity } from '../api/activity';
import { request } from '../api/http-client';
import { profileQuery } from '../api/management';
import { signOut } from '../auth/sign-out';

/** A minute's warning, or half the limit when it is that short. */
const warnBefore = (idleMs: number) => Math.min(60_000, idleMs / 2);
const TICK_MS = 1_000;

export function SessionTimeout() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const idleMinutes = useQuery(profileQuery()).data?.sessionIdleMinutes;
  const [left, setLeft] = useState<number | null>(null);

  useEffect(() => {
    if (!idleMinutes) return;
    const idleMs = idleMinutes * 60_000;
    const tick = () => {
      const remaining = idleMs - (Date.now() - lastActivity());
      if (remaining <= 0) {
        // The route guard sends the user to /login, keeping this page to come back to.
        signOut(queryClient, 'login.error.idle');
        return;
      }
      setLeft(remaining <= warnBefore(idleMs) ? Math.ceil(remaining / 1000) : null);
    };
    tick();
    const timer = setInterval(tick, TICK_MS);
    return () => clearInterval(timer);
  }, [idleMinutes, queryClient]);

  return (
    <Modal
      opened={left !== null}
      onClose={() => void request('api/account', { errorMessage: false })}
      title={t('session.expiring.title')}
      centered
      data-testid="session-expiring"
    >
      <Text role="status">{t('session.expiring.text', { seconds: left ?? 0 })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => navigate('/logout')}>
          {t('session.expiring.signOut')}
        </Button>
        <Button data-autofocus onClick={() => void request('api/account', { errorMessage: false })}>
          {t('session.expiring.stay')}
        </Button>
      </Group>
    </Modal>
  );
}
