import { defineEntity } from '../define';

export const clientSubscription = defineEntity({
  name: 'clientSubscription',
  route: 'client-subscription',
  resource: 'client-subscriptions',
  fields: {
    validationDate: { kind: 'dateTime' },
    createdAt: { kind: 'dateTime', default: 'now' },
    subscriptionStatus: { kind: 'enum', enum: 'subscriptionStatus' },
    packId: { kind: 'ref', ref: 'pack' },
    bankAccountId: { kind: 'ref', ref: 'bankAccount' },
    subsRequestId: { kind: 'ref', ref: 'subsRequest' },
  },
});
