// The decision form's buttons: Retour (to the list view the form came from), then each decision the role
// may take, plain (back to that list) and "… et suivant" (on to its next request), the first of which is
// the form's primary action where a status is chosen in a select (Enter in a field, Ctrl+Enter anywhere in
// the form). Where the decisions are buttons, only a click or a press on one of them decides.
import { statusLook } from '@bank/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { RefObject } from 'react';
import { IconArrowLeft, IconCheck, IconPlayerTrackNext, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RequestType } from './request-types';
import type { RequestDecision } from './use-request-decision';

/** Retour, then each decision the role may take, plain (back to the list) and "… et suivant" (the primary). */
export function DecisionButtons({
  type,
  form,
  choice,
}: {
  type: RequestType;
  form: RequestDecision;
  /** Where a decision asked for takes the focus: the first decision button when the decisions are buttons. */
  choice: RefObject<HTMLElement | null>;
}) {
  const { t } = useTranslation();
  const buttons = type.decision === 'buttons';
  const decisions = buttons
    ? form.targets.map((target) => ({
        target,
        label: t(`manager.form.target.${target}`),
        nextLabel: t(`manager.decisionFlow.targetNext.${target}`),
        color: statusLook(target).color,
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
                // "Valider et suivant" of a status select is the form's own submit (Enter in a field,
                // Ctrl+Enter) and sends the status chosen; a decision button sends its own.
                type={buttons ? 'button' : 'submit'}
                aria-keyshortcuts={buttons ? undefined : 'Control+Enter Meta+Enter'}
                // Where the decisions are buttons, the first is where a decision asked for takes the focus.
                ref={buttons && index === 0 ? (choice as RefObject<HTMLButtonElement | null>) : undefined}
                color={color}
                loading={form.isSaving}
                onClick={buttons ? () => void form.submit(target, true) : undefined}
                leftSection={<IconPlayerTrackNext size={16} aria-hidden />}
              >
                {nextLabel}
              </Button>
            </Group>
          ))}
      </Group>
      {form.canDecide && buttons && form.choiceMissing && (
        <Text size="sm" c="red.8" role="alert" data-testid="choice-missing">
          {t('manager.decisionFlow.chooseDecision')}
        </Text>
      )}
      {form.canDecide && !buttons && (
        <Text size="xs" c="dimmed">
          {t('manager.decisionFlow.shortcut')}
        </Text>
      )}
    </Stack>
  );
}
