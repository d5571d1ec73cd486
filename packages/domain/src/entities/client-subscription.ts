import { defineEntity } from '../define';

export const clientSubscription = defineEntity({
  name: 'clientSubscription',
  route: 'client-subscription',
  resource: 'client-subscriptions',
  joined: {
    packLabel: 'packId.label',
    fullName: 'subsRequestId.fullName',
    iban: 'subsRequestId.iban',
    phoneNumber: 'subsRequestId.phoneNumber',
    email: 'subsRequestId.email',
    clientType: 'subsRequestId.clientType',
    clientId: 'bankAccountId.clientId',
    clientName: 'bankAccountId.clientId.name',
    clientCode: 'bankAccountId.clientId.clientCode',
  },
  fields: {
    validationDate: { kind: 'dateTime' },
    createdAt: { kind: 'dateTime', default: 'now' },
    subscriptionStatus: { kind: 'enum', enum: 'subscriptionStatus' },
    packId: { kind: 'ref', ref: 'pack' },
    bankAccountId: { kind: 'ref', ref: 'bankAccount' },
    subsRequestId: { kind: 'ref', ref: 'subsRequest' },
  },
});
