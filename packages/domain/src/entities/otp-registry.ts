import { defineEntity } from '../define';

export const otpRegistry = defineEntity({
  name: 'otpRegistry',
  route: 'otp-registry',
  resource: 'otp-registries',
  apiBase: 'api',
  paging: 'infinite',
  fields: {
    otp: { kind: 'text', maxLength: 20 },
    phoneNumber: { kind: 'phone' },
    createdAt: { kind: 'dateTime', required: true, default: 'now' },
    statusCode: { kind: 'text', maxLength: 30, required: true },
  },
});
