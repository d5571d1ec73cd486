import { defineEntity } from '../define';

export const balanceLog = defineEntity({
  name: 'balanceLog',
  route: 'balance-log',
  dataClass: 'history',
  resource: 'balance-logs',
  fields: {
    amount: { kind: 'money' },
    balanceDate: { kind: 'dateTime' },
    bankAccountId: { kind: 'ref', ref: 'bankAccount' },
  },
});
