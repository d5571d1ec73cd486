// A request's status as a coloured badge: the colour from the screen's rule (badge-rules.ts), the
// text from the status enum's labels or, where the rule words its statuses itself, from the rule.
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { badgeColor, badgeLabelKey, type BadgeRuleName } from './badge-rules';

interface StatusBadgeProps {
  rule: BadgeRuleName;
  /** The enum whose labels name the status (`enums.<enum>.<value>`). */
  enumName: string;
  status: unknown;
}

export function StatusBadge({ rule, enumName, status }: StatusBadgeProps) {
  const { t } = useTranslation();
  if (typeof status !== 'string' || status === '') return null;
  const own = badgeLabelKey(rule, status);
  return (
    // Never cut to an ellipsis by a narrow table column: the status is the row's point.
    <Badge color={badgeColor(rule, status)} variant="filled" radius="sm" miw="max-content" data-status={status}>
      {own === undefined ? t(`enums.${enumName}.${status}`, { defaultValue: status }) : own && t(own)}
    </Badge>
  );
}
