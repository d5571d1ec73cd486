import { defineEntity } from '../define';

/**
 * An « écriture de correction »: money put right on a customer's account by hand, filed by a supervisor and
 * posted against the bank's suspense account once another supervisor validates it. The only way staff move
 * money outside a customer's own requests.
 */
export const ledgerCorrection = defineEntity({
  name: 'ledgerCorrection',
  route: 'ledger-correction',
  resource: 'ledger-corrections',
  joined: {
    clientName: 'bankAccountId.clientId.name',
    clientCode: 'bankAccountId.clientId.clientCode',
    bankAccountNumber: 'bankAccountId.bankAccountNumber',
  },
  indexes: [['bankAccountId', 'createdAt']],
  fields: {
    bankAccountId: { kind: 'ref', ref: 'bankAccount', required: true, labelFrom: 'bankAccountNumber' },
    amount: { kind: 'money', positive: true, required: true },
    /** C credits the account, D debits it. */
    direction: { kind: 'enum', enum: 'transactionDirection', required: true },
    reason: { kind: 'longText', required: true },
    demandStatus: { kind: 'enum', enum: 'demandStatus' },
    comment: { kind: 'longText' },
    createdAt: { kind: 'dateTime', default: 'now' },
    updatedAt: { kind: 'dateTime' },
  },
});
