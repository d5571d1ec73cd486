// « Brouillon restauré »: said above a form that opened with a draft (engine/use-draft.ts), with the way to
// discard it and go back to the record as saved.
import { Button, Group, Text } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function DraftNotice({ draft }: { draft: { restored: unknown; discard(): void } }) {
  const { t } = useTranslation();
  if (draft.restored === null) return null;
  return (
    <Group gap="xs" data-testid="draft-restored">
      <IconRestore size={16} aria-hidden />
      <Text size="sm" c="dimmed">
        {t('draft.restored')}
      </Text>
      <Button variant="subtle" size="compact-sm" onClick={draft.discard}>
        {t('draft.discard')}
      </Button>
    </Group>
  );
}
