// Bulk decisions (issue 38): the ticked requests of a list or of the inbox, one decision and one
// observation for all, confirmed in a dialog naming how many; the server decides each on its own
// (work/decisions) and the bar then says per request what was done or why it was refused.
import { BULK_DECISION_MAX, entityByName, workflowOf, type BulkDecision, type BulkOutcome } from '@bank/domain';
import { Alert, Button, Group, List, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MANAGER_KEY } from '../api/pending';
import { decideInBulk } from '../api/work';

export interface BulkItem {
  entity: string;
  id: number;
  version: number;
}

/** The status a request has now, in words (its enum's label). */
function statusLabel(t: (key: string, options?: Record<string, unknown>) => string, entity: string, status: string) {
  const enumName = entityByName(entity).field(workflowOf(entity)!.status)!.enum!;
  return t(`enums.${enumName}.${status}`, { defaultValue: status });
}

export function BulkDecisionBar({ items, onApplied }: { items: readonly BulkItem[]; onApplied: () => void }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [observation, setObservation] = useState('');
  const [asked, setAsked] = useState<BulkDecision | null>(null);
  const [outcomes, setOutcomes] = useState<readonly BulkOutcome[] | null>(null);
  const apply = useMutation({
    mutationFn: (decision: BulkDecision) =>
      decideInBulk({
        decision,
        observation: observation.trim(),
        // Only what the server takes: the rows may carry more (the inbox's).
        items: items.map(({ entity, id, version }) => ({ entity, id, version })),
      }),
    onSuccess: (answer) => {
      setOutcomes(answer);
      setAsked(null);
      setObservation('');
      onApplied();
      // Lists, counts, the inbox and the home page move with the decisions.
      void queryClient.invalidateQueries({ queryKey: MANAGER_KEY });
    },
  });
  const count = items.length;
  const tooMany = count > BULK_DECISION_MAX;
  const refusal = (outcome: BulkOutcome) => {
    const key = outcome.refusal?.message ?? '';
    return key !== 'error.validation' && i18n.exists(key) ? t(key) : t('manager.bulk.refusedInput');
  };
  if (count === 0 && !outcomes) return null;
  return (
    <Paper withBorder p="sm" component="section" aria-label={t('manager.bulk.label')} data-testid="bulk-bar">
      <Stack gap="xs">
        {count > 0 && (
          <Group align="flex-end" wrap="wrap">
            <Text fw={700} data-testid="bulk-count">
              {t('manager.bulk.selected', { count })}
            </Text>
            <Textarea
              label={t('manager.bulk.observation')}
              value={observation}
              onChange={(event) => setObservation(event.currentTarget.value)}
              autosize
              minRows={1}
              maxLength={4000}
              style={{ flex: 1, minWidth: 240 }}
            />
            <Button
              color="green"
              leftSection={<IconCheck size={16} aria-hidden />}
              disabled={tooMany}
              onClick={() => setAsked('validate')}
            >
              {t('manager.bulk.validate')}
            </Button>
            <Button
              color="red"
              leftSection={<IconX size={16} aria-hidden />}
              disabled={tooMany}
              onClick={() => setAsked('reject')}
            >
              {t('manager.bulk.reject')}
            </Button>
          </Group>
        )}
        {tooMany && <Alert color="orange">{t('manager.bulk.tooMany', { max: BULK_DECISION_MAX })}</Alert>}
        {outcomes && (
          <Stack gap={4} data-testid="bulk-results">
            <Text fw={700}>
              {t('manager.bulk.summary', {
                done: outcomes.filter((o) => o.done).length,
                refused: outcomes.filter((o) => !o.done).length,
              })}
            </Text>
            <List size="sm" spacing={2}>
              {outcomes.map((outcome) => (
                <List.Item
                  key={`${outcome.entity}-${outcome.id}`}
                  data-testid="bulk-result"
                  data-done={outcome.done}
                  c={outcome.done ? undefined : 'red.8'}
                >
                  {t('manager.bulk.request', { type: t(`entities.${outcome.entity}.name`), id: outcome.id })}{' '}
                  {outcome.done
                    ? t('manager.bulk.done', { status: statusLabel(t, outcome.entity, outcome.status!) })
                    : t('manager.bulk.refused', { reason: refusal(outcome) })}
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
      </Stack>
      <Modal opened={asked !== null} onClose={() => setAsked(null)} title={t('manager.bulk.confirmTitle')} centered>
        <Stack>
          <Text>{asked && t(`manager.bulk.confirm.${asked}`, { count })}</Text>
          {observation.trim() === '' && <Text c="dimmed">{t('manager.bulk.noObservation')}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsked(null)}>
              {t('entity.action.cancel')}
            </Button>
            <Button
              color={asked === 'reject' ? 'red' : 'green'}
              loading={apply.isPending}
              onClick={() => asked && apply.mutate(asked)}
              data-testid="bulk-confirm"
            >
              {asked && t(`manager.bulk.apply.${asked}`, { count })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
