import { defineEntity } from '../define';

export const otpstory = defineEntity({
  name: 'otpstory',
  route: 'otpstory',
  dataClass: 'security',
  resource: 'otpstories',
  apiBase: 'api',
  fields: {
    // Spec part 2 §2.13, §9: lists show characters 8 to 10 and 175 to 180 only.
    token: { kind: 'text', maxLength: 1000, searchable: false, mask: 'otpToken' },
    code: { kind: 'text', maxLength: 20, searchable: false, mask: 'otpCode' },
    status: { kind: 'text', maxLength: 30, codes: 'otpStatus' },
    login: { kind: 'text', maxLength: 50 },
    created_at: { kind: 'dateTime', default: 'now' },
  },
});
