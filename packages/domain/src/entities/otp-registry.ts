import { defineEntity } from '../define';

export const otpRegistry = defineEntity({
  name: 'otpRegistry',
  route: 'otp-registry',
  dataClass: 'security',
  resource: 'otp-registries',
  apiBase: 'api',
  paging: 'infinite',
  fields: {
    // A customer's one-time code: never shown, never searched (issue 18).
    otp: { kind: 'text', maxLength: 20, searchable: false, mask: 'otpCode' },
    phoneNumber: { kind: 'phone' },
    createdAt: { kind: 'dateTime', required: true, default: 'now' },
    statusCode: { kind: 'text', maxLength: 30, required: true, codes: 'otpDelivery' },
  },
});
