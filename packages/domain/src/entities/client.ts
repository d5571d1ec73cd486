import { defineEntity } from '../define';

export const client = defineEntity({
  name: 'client',
  route: 'client',
  resource: 'clients',
  label: 'name',
  wordSearch: true,
  fields: {
    name: { kind: 'text' },
    gender: { kind: 'enum', enum: 'gender' },
    dateOfBirth: { kind: 'date' },
    placeOfBirth: { kind: 'text' },
    email: { kind: 'email' },
    address: { kind: 'text' },
    phone: { kind: 'phone' },
    companyRegistrationNumber: { kind: 'text', maxLength: 50 },
    picture: { kind: 'image' },
    createdAt: { kind: 'dateTime', default: 'now' },
    clientCode: { kind: 'text', maxLength: 30, unique: true },
    country: { kind: 'enum', enum: 'country' },
    clientType: { kind: 'enum', enum: 'clientType' },
    nationality: { kind: 'text', maxLength: 60 },
    gestionnaireId: { kind: 'ref', ref: 'gestionnaire' },
  },
});
