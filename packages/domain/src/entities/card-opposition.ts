import { defineEntity } from '../define';

export const cardOpposition = defineEntity({
  name: 'cardOpposition',
  route: 'card-opposition',
  resource: 'card-oppositions',
  label: 'cardNumber',
  joined: {
    clientName: 'bankAccountId.clientId.name',
    clientCode: 'bankAccountId.clientId.clientCode',
    bankAccountNumber: 'bankAccountId.bankAccountNumber',
  },
  fields: {
    cardNumber: { kind: 'text', maxLength: 30 },
    createdAt: { kind: 'dateTime', default: 'now' },
    comment: { kind: 'longText' },
    oppositionStatus: { kind: 'enum', enum: 'demandStatus' },
    bankAccountId: { kind: 'ref', ref: 'bankAccount' },
    serenityUserId: { kind: 'ref', ref: 'serenityUser' },
  },
});
