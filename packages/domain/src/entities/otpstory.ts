import { defineEntity } from '../define';

export const otpstory = defineEntity({
  name: 'otpstory',
  route: 'otpstory',
  resource: 'otpstories',
  apiBase: 'api',
  fields: {
    token: { kind: 'text', maxLength: 1000, searchable: false },
    code: { kind: 'text', maxLength: 20 },
    status: { kind: 'text', maxLength: 30 },
    login: { kind: 'text', maxLength: 50 },
    created_at: { kind: 'dateTime', default: 'now' },
  },
});
