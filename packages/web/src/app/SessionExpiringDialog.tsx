// The idle limit's warning (SessionTimeout.tsx), in the shell's own code: it must show even while the
// server, and so the chunks, are away.
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface SessionExpiringDialogProps {
  /** Seconds before the server ends the session; null once the session is in use again. */
  secondsLeft: number | null;
  onStay: () => void;
  onSignOut: () => void;
}

export function SessionExpiringDialog({ secondsLeft, onStay, onSignOut }: SessionExpiringDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={secondsLeft !== null}
      onClose={onStay}
      title={t('session.expiring.title')}
      centered
      data-testid="session-expiring"
    >
      <Text role="status">{t('session.expiring.text', { seconds: secondsLeft ?? 0 })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onSignOut}>
          {t('session.expiring.signOut')}
        </Button>
        <Button data-autofocus onClick={onStay}>
          {t('session.expiring.stay')}
        </Button>
      </Group>
    </Modal>
  );
}
