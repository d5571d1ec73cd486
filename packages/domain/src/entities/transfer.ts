import { defineEntity } from '../define';

export const transfer = defineEntity({
  name: 'transfer',
  route: 'transfer',
  resource: 'transfers',
  joined: {
    clientId: 'bankAccountId.clientId',
    clientName: 'bankAccountId.clientId.name',
    clientCode: 'bankAccountId.clientId.clientCode',
    bankAccountNumber: 'bankAccountId.bankAccountNumber',
    beneficiaryName: 'beneficiaryId.name',
    beneficiaryRib: 'beneficiaryId.iban',
  },
  // The account's transfers modal, newest first.
  indexes: [['bankAccountId', 'createdAt']],
  fields: {
    amount: { kind: 'money', positive: true, required: true },
    execDate: { kind: 'dateTime' },
    createdAt: { kind: 'dateTime', default: 'now' },
    updateAp: { kind: 'dateTime' },
    comment: { kind: 'longText' },
    demandStatus: { kind: 'enum', enum: 'demandStatus' },
    bankAccountId: { kind: 'ref', ref: 'bankAccount', required: true },
    beneficiaryId: { kind: 'ref', ref: 'beneficiary' },
    serenityUserId: { kind: 'ref', ref: 'serenityUser' },
  },
});
