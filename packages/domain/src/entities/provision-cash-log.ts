import { defineEntity } from '../define';

/** History of a cash provision's decisions (the spec has none; DESIGN.md's history contract asks for one). */
export const provisionCashLog = defineEntity({
  name: 'provisionCashLog',
  route: 'provision-cash-log',
  dataClass: 'history',
  resource: 'provision-cash-logs',
  fields: {
    createdAt: { kind: 'dateTime', default: 'now' },
    comment: { kind: 'longText' },
    demandStatus: { kind: 'enum', enum: 'provisionStatus' },
    provisionCashId: { kind: 'ref', ref: 'provisionCash' },
    bankAccountId: { kind: 'ref', ref: 'bankAccount' },
  },
});
