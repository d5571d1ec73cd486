import { defineEntity } from '../define';

export const branch = defineEntity({
  name: 'branch',
  route: 'branch',
  dataClass: 'reference',
  resource: 'branches',
  label: 'name',
  fields: {
    code: { kind: 'text', maxLength: 20 },
    name: { kind: 'text' },
    longitude: { kind: 'decimal' },
    latitude: { kind: 'decimal' },
    address: { kind: 'text' },
  },
});
