import { defineEntity } from '../define';

/** A kind of notification (the spec's spelling is the contract). */
export const notityType = defineEntity({
  name: 'notityType',
  route: 'notity-type',
  dataClass: 'reference',
  resource: 'notity-types',
  label: 'label',
  fields: {
    label: { kind: 'text', required: true },
    codeServices: { kind: 'int' },
    createdAt: { kind: 'dateTime', default: 'now' },
    updatedAt: { kind: 'dateTime' },
    description: { kind: 'longText' },
  },
});
