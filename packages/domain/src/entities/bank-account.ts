import { defineEntity } from '../define';

export const bankAccount = defineEntity({
  name: 'bankAccount',
  route: 'bank-account',
  resource: 'bank-accounts',
  label: 'bankAccountNumber',
  // The header search finds a client by the exact IBAN of one of its accounts.
  indexes: [['iban']],
  joined: { clientCode: 'clientId.clientCode' },
  fields: {
    bankAccountNumber: { kind: 'text', maxLength: 34, unique: true },
    ownerName: { kind: 'text' },
    iban: { kind: 'rib' },
    bankCode: { kind: 'text', maxLength: 10 },
    sortCode: { kind: 'text', maxLength: 10 },
    ibanAccount: { kind: 'text', maxLength: 34 },
    ibanKey: { kind: 'text', maxLength: 4 },
    balance: { kind: 'money' },
    createdAt: { kind: 'dateTime', default: 'now' },
    blockedAmount: { kind: 'money' },
    availableAmount: { kind: 'money' },
    authorizedAmount: { kind: 'money' },
    positionDate: { kind: 'dateTime' },
    updatedAt: { kind: 'dateTime' },
    bankAccountStatus: { kind: 'enum', enum: 'bankAccountStatus' },
    branchId: { kind: 'ref', ref: 'branch' },
    clientId: { kind: 'ref', ref: 'client', labelFrom: 'clientCode' },
    bankAccountTypeId: { kind: 'ref', ref: 'bankAccountType' },
  },
});
