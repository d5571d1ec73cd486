import { defineEntity } from '../define';

export const checkbookOrder = defineEntity({
  name: 'checkbookOrder',
  route: 'checkbook-order',
  resource: 'checkbook-orders',
  joined: {
    clientName: 'bankAccountId.clientId.name',
    clientCode: 'bankAccountId.clientId.clientCode',
    bankAccountNumber: 'bankAccountId.bankAccountNumber',
    branchName: 'branchId.name',
    branchAddress: 'branchId.address',
  },
  fields: {
    talonCorrespondance: { kind: 'text' },
    adresseRetrait: { kind: 'text' },
    typeChequier: { kind: 'enum', enum: 'checkbookType' },
    carnetOf: { kind: 'enum', enum: 'checkbookSize' },
    createdAt: { kind: 'dateTime', default: 'now' },
    updateAt: { kind: 'dateTime' },
    comment: { kind: 'longText' },
    // The generic form offers two of the five statuses; the staff form offers all (spec part 1 §4).
    demandStatus: { kind: 'enum', enum: 'checkbookStatus', formValues: ['IN_PROGRESS', 'DONE'] },
    branchId: { kind: 'ref', ref: 'branch' },
    serenityUserId: { kind: 'ref', ref: 'serenityUser' },
    bankAccountId: { kind: 'ref', ref: 'bankAccount' },
  },
});
