// A request's status as a coloured badge: the colour from the screen's rule (badge-rules.ts), the
// text from the status enum's labels.
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { badgeColor, type BadgeRuleName } from './badge-rules';

interface StatusBadgeProps {
  rule: BadgeRuleName;
  /** The enum whose labels name the status (`enums.<enum>.<value>`). */
  enumName: string;
  status: unknown;
}

export function StatusBadge({ rule, enumName, status }: StatusBadgeProps) {
  const { t } = useTranslation();
  if (typeof status !== 'string' || status === '') return null;
  return (
    <Badge color={badgeColor(rule, status)} variant="filled" radius="sm" data-status={status}>
      {t(`enums.${enumName}.${status}`, { defaultValue: status })}
    </Badge>
  );
}
