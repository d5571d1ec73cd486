import { defineEntity } from '../define';

export const cardOppositionLog = defineEntity({
  name: 'cardOppositionLog',
  route: 'card-opposition-log',
  dataClass: 'history',
  resource: 'card-opposition-logs',
  fields: {
    createdAt: { kind: 'dateTime', default: 'now' },
    comment: { kind: 'longText' },
    demandStatus: { kind: 'enum', enum: 'demandStatus' },
    cardOppositionId: { kind: 'ref', ref: 'cardOpposition' },
    bankAccountId: { kind: 'ref', ref: 'bankAccount' },
  },
});
