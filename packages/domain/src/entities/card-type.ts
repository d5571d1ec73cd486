import { defineEntity } from '../define';

export const cardType = defineEntity({
  name: 'cardType',
  route: 'card-type',
  dataClass: 'reference',
  resource: 'card-types',
  label: 'label',
  fields: {
    label: { kind: 'text' },
    picture: { kind: 'image' },
    createAt: { kind: 'dateTime', default: 'now' },
    updateAt: { kind: 'dateTime' },
  },
});
