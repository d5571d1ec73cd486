// A status as a coloured badge: its one word and colour from the domain's status palette, the same on
// every screen (a list, a form, a history, the home page).
import { statusLook } from '@bank/domain';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function StatusBadge({ status }: { status: unknown }) {
  const { t } = useTranslation();
  if (typeof status !== 'string' || status === '') return null;
  const { labelKey, color } = statusLook(status);
  return (
    // Never cut to an ellipsis by a narrow table column: the status is the row's point.
    <Badge color={color} variant="filled" radius="sm" miw="max-content" data-status={status}>
      {t(labelKey, { defaultValue: status })}
    </Badge>
  );
}
