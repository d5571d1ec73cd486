// The decision form's buttons: Retour (to the list view the form came from), then each decision the role
// may take, plain (back to that list) and "… et suivant" (on to its next request), the first of which is
// the form's primary action (Enter in a field, Ctrl+Enter anywhere in the form).
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconCheck, IconPlayerTrackNext, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RequestType } from './request-types';
import type { RequestDecision } from './use-request-decision';

/** Retour, then each decision the role may take, plain (back to the list) and "… et suivant" (the primary). */
export function DecisionButtons({ type, form }: { type: RequestType; form: RequestDecision }) {
  const { t } = useTranslation();
  const decisions =
    type.decision === 'buttons'
      ? form.targets.map((target) => ({
          target,
          label: t(`manager.form.target.${target}`),
          nextLabel: t(`manager.decisionFlow.targetNext.${target}`),
          color: target === 'REJECTED' ? 'red' : 'green',
          icon: target === 'REJECTED' ? IconX : IconCheck,
        }))
      : [
          {
            target: undefined,
            label: t('manager.form.validate'),
            nextLabel: t('manager.decisionFlow.validateNext'),
            color: undefined,
            icon: IconCheck,
          },
        ];
  return (
    <Stack gap={4} mt="md">
      <Group>
        <Button
          component={Link}
          to={form.listPath}
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
        >
          {t('manager.form.back')}
        </Button>
        {form.canDecide &&
          decisions.map(({ target, label, nextLabel, color, icon: Icon }, index) => (
            <Group key={target ?? 'status'} gap="xs">
              <Button
                variant="default"
                loading={form.isSaving}
                onClick={() => void form.submit(target)}
                leftSection={<Icon size={16} aria-hidden />}
              >
                {label}
              </Button>
              <Button
                // The first decision "… et suivant" is the form's own submit: Enter in a field, Ctrl+Enter.
                type={index === 0 ? 'submit' : 'button'}
                aria-keyshortcuts={index === 0 ? 'Control+Enter Meta+Enter' : undefined}
                color={color}
                loading={form.isSaving}
                onClick={index === 0 ? undefined : () => void form.submit(target, true)}
                leftSection={<IconPlayerTrackNext size={16} aria-hidden />}
              >
                {nextLabel}
              </Button>
            </Group>
          ))}
      </Group>
      {form.canDecide && (
        <Text size="xs" c="dimmed">
          {t('manager.decisionFlow.shortcut')}
        </Text>
      )}
    </Stack>
  );
}
