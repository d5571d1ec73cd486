// The export button of a list whose rows can be selected: how many are selected, the spreadsheet built
// on click (its library loaded then) up to the file's row limit, progress while it is built, and a
// message if it fails.
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestType, SheetExport } from './request-types';
import { exportSheet } from './sheet-export';
import type { RequestListController } from './use-request-list';

export function SelectedExport({
  type,
  spec,
  list,
}: {
  type: RequestType;
  spec: SheetExport;
  list: RequestListController;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const rows = [...list.selection.selected.values()];
  const tooMany = rows.length > spec.maxRows;
  const run = async () => {
    setBusy(true);
    try {
      await exportSheet(spec, type.entity, rows, t);
    } catch {
      notifications.show({ color: 'red', message: t('manager.export.failed') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Group gap="sm" justify="flex-end">
      <Text size="sm" c="dimmed" data-testid="selected-count">
        {t('manager.export.selected', { count: rows.length })}
      </Text>
      {tooMany && (
        <Text size="sm" c="red" data-testid="export-too-many">
          {t('manager.export.tooMany', { max: spec.maxRows })}
        </Text>
      )}
      {rows.length > 0 && (
        <Button variant="subtle" size="compact-sm" onClick={list.selection.clear}>
          {t('manager.export.clear')}
        </Button>
      )}
      <Button
        onClick={() => void run()}
        disabled={rows.length === 0 || tooMany}
        loading={busy}
        leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
      >
        {t('manager.export.button')}
      </Button>
    </Group>
  );
}
