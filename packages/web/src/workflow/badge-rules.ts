// Status badge colours of spec part 1 §4, as data: one rule per screen context, read by StatusBadge.
// Mantine colours: danger → red, success → green, info → blue, warning → yellow.

export interface BadgeRule {
  /** Colours of the statuses the spec names. */
  colors: Readonly<Record<string, string>>;
  /** The colour of every other status. */
  other: string;
}

export const BADGE_RULES = {
  checkbookList: { colors: { IN_PROGRESS: 'red' }, other: 'green' },
  cardOrder: { colors: { PENDING: 'red', VALIDATED: 'green', CANCELLED: 'blue' }, other: 'yellow' },
  checkOppositionList: { colors: { PENDING: 'red' }, other: 'green' },
  checkOppositionForm: { colors: { VALIDATED: 'green' }, other: 'red' },
  beneficiary: { colors: { PENDING: 'red', ACCEPTED: 'green' }, other: 'yellow' },
  oppositionLog: { colors: { VALIDATED: 'green' }, other: 'red' },
  cardOppositionHistory: { colors: { PENDING: 'red', VALIDATED: 'green', CANCELLED: 'blue' }, other: 'yellow' },
} as const satisfies Record<string, BadgeRule>;

export type BadgeRuleName = keyof typeof BADGE_RULES;

/** @example badgeColor('cardOrder', 'PENDING') === 'red' */
export function badgeColor(rule: BadgeRuleName, status: string | null | undefined): string {
  const { colors, other }: BadgeRule = BADGE_RULES[rule];
  return (status && colors[status]) || other;
}
