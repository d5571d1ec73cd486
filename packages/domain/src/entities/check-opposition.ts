import { defineEntity } from '../define';

export const checkOpposition = defineEntity({
  name: 'checkOpposition',
  route: 'check-opposition',
  resource: 'check-oppositions',
  label: 'checkNumber',
  joined: {
    clientName: 'bankAccountId.clientId.name',
    clientCode: 'bankAccountId.clientId.clientCode',
    bankAccountNumber: 'bankAccountId.bankAccountNumber',
  },
  fields: {
    checkNumber: { kind: 'text', maxLength: 30 },
    createdAt: { kind: 'dateTime', default: 'now' },
    comment: { kind: 'longText' },
    demandStatus: { kind: 'enum', enum: 'demandStatus' },
    bankAccountId: { kind: 'ref', ref: 'bankAccount' },
    serenityUserId: { kind: 'ref', ref: 'serenityUser' },
  },
});
