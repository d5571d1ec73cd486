import { defineEntity } from '../define';

export const beneficiaryLog = defineEntity({
  name: 'beneficiaryLog',
  route: 'beneficiary-log',
  dataClass: 'history',
  resource: 'beneficiary-logs',
  fields: {
    createdAt: { kind: 'dateTime', default: 'now' },
    comment: { kind: 'longText' },
    beneficiaryStatus: { kind: 'enum', enum: 'beneficiaryStatus' },
    // The spec's one ref that travels as an object: { beneficiary: { id } }.
    beneficiary: { kind: 'ref', ref: 'beneficiary', refShape: 'object' },
  },
});
