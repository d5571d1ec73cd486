import { SUPERVISORS } from '../access/roles';
import { defineEntity } from '../define';

export const bankAccount = defineEntity({
  name: 'bankAccount',
  route: 'bank-account',
  resource: 'bank-accounts',
  label: 'bankAccountNumber',
  // The header search finds a client by the exact IBAN of one of its accounts.
  indexes: [['iban']],
  joined: { clientCode: 'clientId.clientCode' },
  // An account's identity is fixed once opened: moving it to another client or changing its IBAN would
  // move the money with it. Its balances move only through the ledger, never by hand: an account opens at
  // zero. The overdraft commits the bank: supervisors set it, each change audited.
  fields: {
    bankAccountNumber: { kind: 'text', maxLength: 34, unique: true, fixed: true },
    ownerName: { kind: 'text' },
    iban: { kind: 'rib', fixed: true },
    bankCode: { kind: 'text', maxLength: 10, fixed: true },
    sortCode: { kind: 'text', maxLength: 10, fixed: true },
    ibanAccount: { kind: 'text', maxLength: 34, fixed: true },
    ibanKey: { kind: 'text', maxLength: 4, fixed: true },
    balance: { kind: 'money', readOnly: true, default: 0 },
    createdAt: { kind: 'dateTime', default: 'now' },
    blockedAmount: { kind: 'money', readOnly: true, default: 0 },
    availableAmount: { kind: 'money', readOnly: true, default: 0 },
    authorizedAmount: { kind: 'money', writers: SUPERVISORS },
    positionDate: { kind: 'dateTime', readOnly: true },
    updatedAt: { kind: 'dateTime' },
    bankAccountStatus: { kind: 'enum', enum: 'bankAccountStatus' },
    branchId: { kind: 'ref', ref: 'branch' },
    clientId: { kind: 'ref', ref: 'client', labelFrom: 'clientCode', fixed: true },
    bankAccountTypeId: { kind: 'ref', ref: 'bankAccountType' },
  },
});
