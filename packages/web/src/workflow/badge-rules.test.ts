// The badge colours of spec part 1 §4, rule by rule, including the 'others' colour of each.
import { describe, expect, it } from 'vitest';
import { badgeColor, badgeLabelKey, type BadgeRuleName } from './badge-rules';

const CASES: [BadgeRuleName, string, string][] = [
  ['checkbookList', 'IN_PROGRESS', 'red'],
  ['checkbookList', 'DONE', 'green'],
  ['checkbookList', 'REJECTED', 'green'],
  ['cardOrder', 'PENDING', 'red'],
  ['cardOrder', 'VALIDATED', 'green'],
  ['cardOrder', 'CANCELLED', 'blue'],
  ['cardOrder', 'REJECTED', 'yellow'],
  ['cardOrder', 'INPROGRESS', 'yellow'],
  ['checkOppositionList', 'PENDING', 'red'],
  ['checkOppositionList', 'VALIDATED', 'green'],
  ['checkOppositionList', 'REJECTED', 'green'],
  ['checkOppositionForm', 'VALIDATED', 'green'],
  ['checkOppositionForm', 'PENDING', 'red'],
  ['beneficiary', 'PENDING', 'red'],
  ['beneficiary', 'ACCEPTED', 'green'],
  ['beneficiary', 'REJECTED', 'yellow'],
  ['beneficiary', 'DELETED', 'yellow'],
  ['oppositionLog', 'VALIDATED', 'green'],
  ['oppositionLog', 'PENDING', 'red'],
  ['cardOppositionHistory', 'PENDING', 'red'],
  ['cardOppositionHistory', 'VALIDATED', 'green'],
  ['cardOppositionHistory', 'CANCELLED', 'blue'],
  ['cardOppositionHistory', 'REJECTED', 'yellow'],
  ['transferList', 'PENDING', 'red'],
  ['transferList', 'VALIDATED', 'green'],
  ['transferList', 'CANCELLED', 'blue'],
  ['transferList', 'INPROGRESS', 'yellow'],
  ['transferList', 'REJECTED', 'yellow'],
];

describe('badge rules', () => {
  it.each(CASES)('%s: %s is %s', (rule, status, color) => {
    expect(badgeColor(rule, status)).toBe(color);
  });

  it('gives an absent status the rule’s other colour', () => {
    expect(badgeColor('cardOrder', null)).toBe('yellow');
    expect(badgeColor('checkbookList', '')).toBe('green');
  });

  it('words the transfer history itself: En attente, Traité, and an empty badge otherwise', () => {
    expect(badgeLabelKey('transferHistory', 'PENDING')).toBe('manager.transfer.historyStatus.PENDING');
    expect(badgeLabelKey('transferHistory', 'VALIDATED')).toBe('manager.transfer.historyStatus.VALIDATED');
    expect(badgeLabelKey('transferHistory', 'CANCELLED')).toBe('');
    expect(badgeLabelKey('transferList', 'PENDING')).toBeUndefined();
  });
});
