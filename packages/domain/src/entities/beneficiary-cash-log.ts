import { defineEntity } from '../define';

/** History of a cash beneficiary's decisions (the spec has none; DESIGN.md's history contract asks for one). */
export const beneficiaryCashLog = defineEntity({
  name: 'beneficiaryCashLog',
  route: 'beneficiary-cash-log',
  dataClass: 'history',
  resource: 'beneficiary-cash-logs',
  fields: {
    createdAt: { kind: 'dateTime', default: 'now' },
    comment: { kind: 'longText' },
    status: { kind: 'enum', enum: 'beneficiaryCashStatus' },
    beneficiaryCashId: { kind: 'ref', ref: 'beneficiaryCash' },
  },
});
