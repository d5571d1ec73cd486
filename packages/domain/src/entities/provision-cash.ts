import { defineEntity } from '../define';

/** A cash provision: money from an account made available to a beneficiary at a branch. */
export const provisionCash = defineEntity({
  name: 'provisionCash',
  route: 'provision-cash',
  resource: 'provision-cashes',
  joined: {
    beneficiaryCashFirstName: 'beneficiaryCashId.firstName',
    beneficiaryCashLastName: 'beneficiaryCashId.lastName',
    beneficiaryCashIdentificationNumero: 'beneficiaryCashId.identificationNumero',
    bankAccountNumber: 'bankAccountId.bankAccountNumber',
    bankAccountOwner: 'bankAccountId.ownerName',
    branchName: 'branchId.name',
  },
  // Staff look a provision up by its beneficiary's name (spec part 2 §2.15).
  searchJoined: ['beneficiaryCashFirstName', 'beneficiaryCashLastName'],
  fields: {
    motifProvision: { kind: 'text' },
    amount: { kind: 'money', positive: true, required: true },
    demandStatus: { kind: 'enum', enum: 'provisionStatus' },
    codeotp: { kind: 'text', maxLength: 20, searchable: false },
    key: { kind: 'text', maxLength: 64, searchable: false },
    executionDate: { kind: 'dateTime' },
    createdAt: { kind: 'dateTime', default: 'now' },
    updatedAt: { kind: 'dateTime' },
    motif: { kind: 'longText' },
    beneficiaryCashId: { kind: 'ref', ref: 'beneficiaryCash' },
    bankAccountId: { kind: 'ref', ref: 'bankAccount', required: true },
    branchId: { kind: 'ref', ref: 'branch' },
  },
});
