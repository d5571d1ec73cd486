import { defineEntity } from '../define';

/** Which operations a serenity user is notified of, and on which phone (spec part 2 §3). */
export const notificationSubscription = defineEntity({
  name: 'notificationSubscription',
  route: 'notification-subscription',
  resource: 'notification-subscriptions',
  fields: {
    serenityUserId: { kind: 'ref', ref: 'serenityUser', unique: true },
    phoneNumber: { kind: 'phone' },
    paiement: { kind: 'bool', default: false },
    retrait: { kind: 'bool', default: false },
    salaire: { kind: 'bool', default: false },
    versement: { kind: 'bool', default: false },
    virement: { kind: 'bool', default: false },
  },
});
