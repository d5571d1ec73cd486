import { defineEntity } from '../define';

export const pinGeneration = defineEntity({
  name: 'pinGeneration',
  route: 'pin-generation',
  resource: 'pin-generations',
  fields: {
    createdAt: { kind: 'dateTime', default: 'now' },
    reason: { kind: 'enum', enum: 'pinReason' },
    serenityUserId: { kind: 'ref', ref: 'serenityUser' },
    bankAccountId: { kind: 'ref', ref: 'bankAccount' },
  },
});
