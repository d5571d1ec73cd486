import { defineEntity } from '../define';

export const beneficiary = defineEntity({
  name: 'beneficiary',
  route: 'beneficiary',
  resource: 'beneficiaries',
  label: 'name',
  joined: {
    clientName: 'serenityUserId.clientId.name',
    clientCode: 'serenityUserId.clientId.clientCode',
  },
  fields: {
    iban: { kind: 'rib' },
    name: { kind: 'text' },
    createdAt: { kind: 'dateTime', default: 'now' },
    updateAp: { kind: 'dateTime' },
    comment: { kind: 'longText' },
    beneficiaryStatus: { kind: 'enum', enum: 'beneficiaryStatus' },
    serenityUserId: { kind: 'ref', ref: 'serenityUser' },
  },
});
