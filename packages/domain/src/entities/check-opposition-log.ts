import { defineEntity } from '../define';

export const checkOppositionLog = defineEntity({
  name: 'checkOppositionLog',
  route: 'check-opposition-log',
  dataClass: 'history',
  resource: 'check-opposition-logs',
  fields: {
    createdAt: { kind: 'dateTime', default: 'now' },
    comment: { kind: 'longText' },
    demandStatus: { kind: 'enum', enum: 'demandStatus' },
    checkOppositionId: { kind: 'ref', ref: 'checkOpposition' },
    bankAccountId: { kind: 'ref', ref: 'bankAccount' },
    serenityUserId: { kind: 'ref', ref: 'serenityUser' },
  },
});
