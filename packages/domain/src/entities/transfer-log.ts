import { defineEntity } from '../define';

export const transferLog = defineEntity({
  name: 'transferLog',
  route: 'transfer-log',
  dataClass: 'history',
  resource: 'transfer-logs',
  fields: {
    comment: { kind: 'longText' },
    createdAt: { kind: 'dateTime', default: 'now' },
    updateAp: { kind: 'dateTime' },
    demandStatus: { kind: 'enum', enum: 'demandStatus' },
    transferId: { kind: 'ref', ref: 'transfer' },
    bankAccountId: { kind: 'ref', ref: 'bankAccount' },
    serenityUserId: { kind: 'ref', ref: 'serenityUser' },
  },
});
