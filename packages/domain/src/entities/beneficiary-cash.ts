import { defineEntity } from '../define';

/** A person designated to collect cash at a branch (mise à disposition). */
export const beneficiaryCash = defineEntity({
  name: 'beneficiaryCash',
  route: 'beneficiary-cash',
  resource: 'beneficiary-cashes',
  label: 'lastName',
  // Staff know a client by its code, not by the internal id (issue 22).
  joined: {
    clientName: 'clientId.name',
    clientCode: 'clientId.clientCode',
  },
  fields: {
    firstName: { kind: 'text' },
    lastName: { kind: 'text' },
    phoneNumber: { kind: 'phone' },
    codeotp: { kind: 'text', maxLength: 20, searchable: false },
    createdAt: { kind: 'dateTime', default: 'now' },
    status: { kind: 'enum', enum: 'beneficiaryCashStatus' },
    identificationNumero: { kind: 'text', maxLength: 40 },
    deliveryDate: { kind: 'date' },
    expirationDate: { kind: 'date' },
    identifiantType: { kind: 'enum', enum: 'identityDocumentType' },
    validatedBy: { kind: 'text', maxLength: 50 },
    updatedAt: { kind: 'dateTime' },
    motif: { kind: 'longText' },
    clientId: { kind: 'ref', ref: 'client', labelFrom: 'clientCode' },
  },
});
