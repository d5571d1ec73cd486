import { defineEntity } from '../define';

export const ledgerCorrectionLog = defineEntity({
  name: 'ledgerCorrectionLog',
  route: 'ledger-correction-log',
  dataClass: 'history',
  resource: 'ledger-correction-logs',
  fields: {
    comment: { kind: 'longText' },
    createdAt: { kind: 'dateTime', default: 'now' },
    demandStatus: { kind: 'enum', enum: 'demandStatus' },
    ledgerCorrectionId: { kind: 'ref', ref: 'ledgerCorrection' },
    bankAccountId: { kind: 'ref', ref: 'bankAccount' },
  },
});
