import { defineEntity } from '../define';

export const cardOrderlog = defineEntity({
  name: 'cardOrderlog',
  route: 'card-orderlog',
  dataClass: 'history',
  resource: 'card-orderlogs',
  fields: {
    createdAt: { kind: 'dateTime', default: 'now' },
    comment: { kind: 'longText' },
    demandStatus: { kind: 'enum', enum: 'demandStatus' },
    serenityUserId: { kind: 'ref', ref: 'serenityUser' },
    bankAccountId: { kind: 'ref', ref: 'bankAccount' },
    cardOrderId: { kind: 'ref', ref: 'cardOrder' },
  },
});
