import { defineEntity } from '../define';

export const subsSmsLog = defineEntity({
  name: 'subsSmsLog',
  route: 'subs-sms-log',
  dataClass: 'history',
  resource: 'subs-sms-logs',
  fields: {
    comment: { kind: 'longText' },
    createdAt: { kind: 'dateTime', default: 'now' },
    updatedAt: { kind: 'dateTime' },
    requestStatus: { kind: 'enum', enum: 'demandStatus' },
    smsSubscriptionId: { kind: 'ref', ref: 'smsSubscription' },
  },
});
