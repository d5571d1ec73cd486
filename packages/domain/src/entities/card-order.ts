import { defineEntity } from '../define';

export const cardOrder = defineEntity({
  name: 'cardOrder',
  route: 'card-order',
  resource: 'card-orders',
  label: 'holderName',
  joined: {
    clientName: 'bankAccountId.clientId.name',
    clientCode: 'bankAccountId.clientId.clientCode',
    bankAccountNumber: 'bankAccountId.bankAccountNumber',
    picture: 'cardTypeId.picture',
    label: 'cardTypeId.label',
  },
  fields: {
    holderName: { kind: 'text' },
    ppHolder: { kind: 'text' },
    orderStatus: { kind: 'enum', enum: 'demandStatus' },
    createdAt: { kind: 'dateTime', default: 'now' },
    comment: { kind: 'longText' },
    updatedAt: { kind: 'dateTime' },
    cardTypeId: { kind: 'ref', ref: 'cardType' },
    serenityUserId: { kind: 'ref', ref: 'serenityUser' },
    bankAccountId: { kind: 'ref', ref: 'bankAccount' },
  },
});
