import { defineEntity } from '../define';

export const bankAccountType = defineEntity({
  name: 'bankAccountType',
  route: 'bank-account-type',
  dataClass: 'reference',
  resource: 'bank-account-types',
  label: 'label',
  fields: {
    bankAccountTypeCode: { kind: 'text', maxLength: 20 },
    label: { kind: 'text' },
  },
});
