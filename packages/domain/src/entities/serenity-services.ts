import { defineEntity } from '../define';

export const serenityServices = defineEntity({
  name: 'serenityServices',
  route: 'serenity-services',
  dataClass: 'reference',
  resource: 'serenity-services',
  label: 'label',
  fields: {
    label: { kind: 'text', required: true },
    picture: { kind: 'image' },
    codeServices: { kind: 'int' },
    createdAt: { kind: 'dateTime', default: 'now' },
    updatedAt: { kind: 'dateTime' },
    description: { kind: 'longText' },
  },
});
