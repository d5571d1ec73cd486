// The « Exporter » button of a list: every row its current filter selects, in its order, as the xlsx file
// the server streams (api/exports.ts); the bytes (and rows) received show while it comes, a toast says
// when it is saved or why it failed.
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadExport, type ExportProgress, type ListSource } from '../api/exports';
import { problemKey } from '../api/http-error';
import { notifyFailure } from '../api/notify';

export function ListExport({ source }: { source: ListSource | undefined }) {
  const { t, i18n } = useTranslation();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  // Bytes as people read them: « 1,2 Mo », « 350 Ko ».
  const size = (bytes: number) => {
    const format = (value: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(value);
    return bytes >= 1_048_576
      ? t('export.mb', { value: format(bytes / 1_048_576) })
      : t('export.kb', { value: format(bytes / 1024) });
  };
  const run = async () => {
    if (!source) return;
    setProgress({ bytes: 0 });
    try {
      const result = await downloadExport(source, setProgress);
      notifications.show({
        color: 'green',
        message: t('export.done', { fileName: result.fileName, size: size(result.bytes) }),
      });
    } catch (error) {
      // The server's reason when it gave one (too many rows), else the export's own message.
      notifyFailure(error, problemKey(error) ? undefined : 'export.failed');
    } finally {
      setProgress(null);
    }
  };
  return (
    <Group gap="xs" wrap="nowrap" data-testid="list-export">
      <Button
        size="xs"
        variant="default"
        onClick={() => void run()}
        disabled={!source}
        loading={progress !== null}
        leftSection={<IconDownload size={14} aria-hidden />}
      >
        {t('export.button')}
      </Button>
      <Text size="xs" c="dimmed" role="status" data-testid="export-progress">
        {progress &&
          (progress.rows === undefined
            ? t('export.progress', { size: size(progress.bytes) })
            : t('export.progressRows', { size: size(progress.bytes), count: progress.rows }))}
      </Text>
    </Group>
  );
}
