import { defineEntity } from '../define';

export const checkOrderlog = defineEntity({
  name: 'checkOrderlog',
  route: 'check-orderlog',
  dataClass: 'history',
  resource: 'check-orderlogs',
  fields: {
    createdAt: { kind: 'dateTime', default: 'now' },
    comment: { kind: 'longText' },
    demandStatus: { kind: 'enum', enum: 'orderLogStatus' },
    bankAccountId: { kind: 'ref', ref: 'bankAccount' },
    serenityUserId: { kind: 'ref', ref: 'serenityUser' },
    checkbookOrderId: { kind: 'ref', ref: 'checkbookOrder' },
  },
});
