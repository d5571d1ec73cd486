import { defineEntity } from '../define';

export const pack = defineEntity({
  name: 'pack',
  route: 'pack',
  dataClass: 'reference',
  resource: 'packs',
  label: 'label',
  fields: {
    label: { kind: 'text', required: true },
    price: { kind: 'money', required: true, min: 0 },
    picture: { kind: 'image' },
    createdAt: { kind: 'dateTime', default: 'now' },
    // Audit facts: on the detail page, not in the list (issue 22: the list fits the width).
    updatedAt: { kind: 'dateTime', list: false },
    description: { kind: 'longText' },
    createdBy: { kind: 'text', maxLength: 50, list: false },
    // Replaces the original's fixed list of pack ids left out of the subscription selector.
    hidden: { kind: 'bool', default: false },
    serenityServices: { kind: 'refs', ref: 'serenityServices' },
  },
});
