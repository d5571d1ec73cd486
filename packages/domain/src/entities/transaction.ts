import { defineEntity } from '../define';

export const transaction = defineEntity({
  name: 'transaction',
  route: 'transaction',
  resource: 'transactions',
  label: 'transactionNumber',
  // Money moves only through the ledger, which writes a movement with the balances it changes: no route
  // creates, corrects or deletes one, and the database keeps them as it keeps history.
  dataClass: 'history',
  joined: {
    clientName: 'bankAccountId.clientId.name',
    clientCode: 'bankAccountId.clientId.clientCode',
    bankAccountNumber: 'bankAccountId.bankAccountNumber',
    ownerName: 'bankAccountId.ownerName',
  },
  // The account's transactions modal: by account, newest first, filtered by day.
  indexes: [['bankAccountId', 'transactionDate']],
  fields: {
    transactionNumber: { kind: 'text', maxLength: 40 },
    amount: { kind: 'money' },
    additionalLabel: { kind: 'text' },
    label: { kind: 'text' },
    transactionDate: { kind: 'dateTime' },
    direction: { kind: 'enum', enum: 'transactionDirection' },
    imputationDate: { kind: 'dateTime' },
    valueDate: { kind: 'dateTime' },
    conterpartyBankAccountNumber: { kind: 'text', maxLength: 34 },
    beforeBalance: { kind: 'money' },
    afterBalance: { kind: 'money' },
    statusTransaction: { kind: 'enum', enum: 'demandStatus' },
    // A delivery status code (SENT, NOT_SUBSCRIBED…), not text to search: in every row of a big table,
    // its trigrams would only weigh on the search index.
    statusNotification: { kind: 'text', maxLength: 30, searchable: false, codes: 'smsDelivery' },
    bankAccountId: { kind: 'ref', ref: 'bankAccount' },
    transactionTypeId: { kind: 'ref', ref: 'transactionType' },
  },
});
