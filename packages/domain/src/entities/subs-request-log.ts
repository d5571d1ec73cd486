import { defineEntity } from '../define';

export const subsRequestLog = defineEntity({
  name: 'subsRequestLog',
  route: 'subs-request-log',
  dataClass: 'history',
  resource: 'subs-request-logs',
  fields: {
    comment: { kind: 'longText' },
    createdAt: { kind: 'dateTime', default: 'now' },
    updatedAt: { kind: 'dateTime' },
    requestStatus: { kind: 'enum', enum: 'demandStatus' },
    subsRequestId: { kind: 'ref', ref: 'subsRequest' },
  },
});
