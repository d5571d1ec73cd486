import { defineEntity } from '../define';

/** Failed sign-in counter per login (gateway side). */
export const userAttempts = defineEntity({
  name: 'userAttempts',
  route: 'user-attempts',
  dataClass: 'security',
  resource: 'user-attempts',
  apiBase: 'api',
  label: 'principal',
  paging: 'none',
  fields: {
    principal: { kind: 'text', maxLength: 100, unique: true },
    attempts: { kind: 'int', min: 0, default: 0 },
    lastModified: { kind: 'dateTime', default: 'now' },
  },
});
