import { defineEntity } from '../define';

export const smsSubscription = defineEntity({
  name: 'smsSubscription',
  route: 'sms-subscription',
  resource: 'sms-subscriptions',
  label: 'fullName',
  joined: { clientCode: 'clientId.clientCode' },
  fields: {
    fullName: { kind: 'text' },
    iban: { kind: 'rib', required: true },
    phoneNumber: { kind: 'phone', required: true },
    priceService: { kind: 'money', min: 0 },
    comment: { kind: 'longText' },
    createdAt: { kind: 'dateTime', default: 'now' },
    updatedAt: { kind: 'dateTime' },
    demandStatus: { kind: 'enum', enum: 'demandStatus' },
    clientId: { kind: 'ref', ref: 'client', labelFrom: 'clientCode' },
    notityTypes: { kind: 'refs', ref: 'notityType' },
  },
});
