// The history of one request in a modal, for every request type: its title and log source come
// from the caller; closing hands back to the caller (a route over a list navigates back).
import { Modal } from '@mantine/core';
import { HistoryTable, type HistorySource } from './HistoryTable';

interface HistoryModalProps {
  title: string;
  source: HistorySource;
  requestId: number;
  onClose(): void;
}

export function HistoryModal({ title, source, requestId, onClose }: HistoryModalProps) {
  return (
    <Modal opened onClose={onClose} title={title} size="xl" data-testid="history-modal">
      <HistoryTable source={source} requestId={requestId} />
    </Modal>
  );
}
