// The one status palette: every status of every request type and of its history has a word and a
// colour, decisions read the same everywhere, and a history row says what was decided.
import { describe, expect, it } from 'vitest';
import { entityByName } from '../entities';
import { ENUMS, type EnumName } from '../enums';
import { encodeHistoryComment } from './define';
import { FIRST_APPROVAL, PALETTE_STATUSES, historyStatus, statusLook } from './status-palette';
import { WORKFLOWS, workflowOf } from './workflows';

/** The values of the enum of `entity`'s field `field`. */
const valuesOf = (entity: string, field: string): readonly string[] =>
  ENUMS[entityByName(entity).field(field)!.enum as EnumName].values;

describe('status palette', () => {
  it.each(WORKFLOWS.map((workflow) => [workflow.entity, workflow] as const))(
    '%s: every status of the request and of its history has a word and a colour',
    (_, workflow) => {
      const statuses = [
        ...valuesOf(workflow.entity, workflow.status),
        ...valuesOf(workflow.log.entity, workflow.log.status),
        ...(workflow.fourEyes ? [FIRST_APPROVAL] : []),
      ];
      for (const status of statuses) {
        expect(PALETTE_STATUSES, status).toContain(status);
        expect(statusLook(status)).toEqual({ labelKey: `statuses.${status}`, color: expect.any(String) });
      }
    },
  );

  it('covers the client subscriptions too', () => {
    for (const status of ENUMS.subscriptionStatus.values) expect(PALETTE_STATUSES).toContain(status);
  });

  it('gives each meaning its colour: done green, refused red, closed grey, waiting blue, half-way yellow', () => {
    expect(['VALIDATED', 'ACCEPTED', 'DONE'].map((s) => statusLook(s).color)).toEqual(['green', 'green', 'green']);
    expect(statusLook('REJECTED').color).toBe('red');
    expect(['CANCELLED', 'REMOVED', 'DELETED'].map((s) => statusLook(s).color)).toEqual(['gray', 'gray', 'gray']);
    expect(['PENDING', 'INPROGRESS', 'IN_PROGRESS'].map((s) => statusLook(s).color)).toEqual(['blue', 'blue', 'blue']);
    expect(statusLook(FIRST_APPROVAL).color).toBe('yellow');
    expect(statusLook('SOMETHING_NEW')).toEqual({ labelKey: 'statuses.SOMETHING_NEW', color: 'gray' });
  });
});

describe('history status', () => {
  const checkbooks = workflowOf('checkbookOrder')!;
  const transfers = workflowOf('transfer')!;

  it('reads the decision from the comment: a rejected checkbook is Rejeté, not the log’s DONE', () => {
    expect(historyStatus(checkbooks, 'DONE', encodeHistoryComment('Refusé', 'REJECTED', 'manager'))).toBe('REJECTED');
    expect(historyStatus(checkbooks, 'DONE', encodeHistoryComment('Remis', 'DONE', 'manager'))).toBe('DONE');
  });

  it('falls back on the log’s status when the comment records none', () => {
    expect(historyStatus(transfers, 'VALIDATED', 'Ancienne saisie')).toBe('VALIDATED');
    expect(historyStatus(transfers, 'PENDING', null)).toBe('PENDING');
  });

  it('tells a first four-eyes validation from an observation left on a pending request', () => {
    expect(historyStatus(transfers, 'PENDING', encodeHistoryComment('Vu', 'VALIDATED', 'manager'))).toBe(
      FIRST_APPROVAL,
    );
    expect(historyStatus(transfers, 'PENDING', encodeHistoryComment('Pièce demandée', 'PENDING', 'manager'))).toBe(
      'PENDING',
    );
    expect(historyStatus(transfers, 'VALIDATED', encodeHistoryComment('Vu', 'VALIDATED', 'desk'))).toBe('VALIDATED');
  });
});
