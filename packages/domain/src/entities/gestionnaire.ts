import { defineEntity } from '../define';

export const gestionnaire = defineEntity({
  name: 'gestionnaire',
  route: 'gestionnaire',
  resource: 'gestionnaires',
  label: 'name',
  fields: {
    name: { kind: 'text' },
    registrationNumber: { kind: 'text', maxLength: 30 },
    telephone: { kind: 'phone' },
    email: { kind: 'email' },
  },
});
