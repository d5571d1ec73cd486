// Status badge colours of spec part 1 §4, as data: one rule per screen context, read by StatusBadge.
// Mantine colours: danger → red, success → green, info → blue, warning → yellow.

export interface BadgeRule {
  /** Colours of the statuses the spec names. */
  colors: Readonly<Record<string, string>>;
  /** The colour of every other status. */
  other: string;
  /** Own wording (i18n keys) instead of the enum's labels; a status not named here shows an empty badge. */
  labels?: Readonly<Record<string, string>>;
}

export const BADGE_RULES = {
  checkbookList: { colors: { IN_PROGRESS: 'red' }, other: 'green' },
  cardOrder: { colors: { PENDING: 'red', VALIDATED: 'green', CANCELLED: 'blue' }, other: 'yellow' },
  checkOppositionList: { colors: { PENDING: 'red' }, other: 'green' },
  checkOppositionForm: { colors: { VALIDATED: 'green' }, other: 'red' },
  beneficiary: { colors: { PENDING: 'red', ACCEPTED: 'green' }, other: 'yellow' },
  oppositionLog: { colors: { VALIDATED: 'green' }, other: 'red' },
  cardOppositionHistory: { colors: { PENDING: 'red', VALIDATED: 'green', CANCELLED: 'blue' }, other: 'yellow' },
  // Spec part 2 §4: client subscriptions, DISABLE red and ENABLE green (PENDING, awaiting validation, yellow).
  subscription: { colors: { DISABLE: 'red', ENABLE: 'green' }, other: 'yellow' },
  // The cash screens and the corrections (spec part 2 §2.14, §2.15 name no colours): decided green or red,
  // cancelled or removed blue, open yellow.
  cash: { colors: { VALIDATED: 'green', REJECTED: 'red', CANCELLED: 'blue', REMOVED: 'blue' }, other: 'yellow' },
  // Spec part 2 §4: the staff transfer list.
  transferList: { colors: { PENDING: 'red', VALIDATED: 'green', CANCELLED: 'blue' }, other: 'yellow' },
  // Spec part 2 §2.4: the transfer history says 'En attente' and 'Traité' only; any other status is an empty badge.
  transferHistory: {
    colors: { PENDING: 'red', VALIDATED: 'green' },
    other: 'gray',
    labels: {
      PENDING: 'manager.transfer.historyStatus.PENDING',
      VALIDATED: 'manager.transfer.historyStatus.VALIDATED',
    },
  },
} as const satisfies Record<string, BadgeRule>;

export type BadgeRuleName = keyof typeof BADGE_RULES;

/** @example badgeColor('cardOrder', 'PENDING') === 'red' */
export function badgeColor(rule: BadgeRuleName, status: string | null | undefined): string {
  const { colors, other }: BadgeRule = BADGE_RULES[rule];
  return (status && colors[status]) || other;
}

/** The i18n key of a status's own wording under a rule that words its statuses; '' for an empty badge. */
export function badgeLabelKey(rule: BadgeRuleName, status: string): string | undefined {
  const { labels }: BadgeRule = BADGE_RULES[rule];
  return labels ? (labels[status] ?? '') : undefined;
}
