import { defineEntity } from '../define';

export const sms = defineEntity({
  name: 'sms',
  route: 'sms',
  resource: 'sms',
  fields: {
    from: { kind: 'text', maxLength: 30 },
    body: { kind: 'longText' },
    destination: { kind: 'phone' },
    date: { kind: 'dateTime' },
  },
});
