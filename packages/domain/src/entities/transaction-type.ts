import { defineEntity } from '../define';

export const transactionType = defineEntity({
  name: 'transactionType',
  route: 'transaction-type',
  dataClass: 'reference',
  resource: 'transaction-types',
  label: 'code',
  fields: {
    code: { kind: 'text', maxLength: 20 },
    description: { kind: 'text' },
  },
});
