import { defineEntity } from '../define';

export const subsRequest = defineEntity({
  name: 'subsRequest',
  route: 'subs-request',
  resource: 'subs-requests',
  label: 'login',
  fields: {
    login: { kind: 'text', maxLength: 50, required: true },
    fullName: { kind: 'text' },
    email: { kind: 'email', required: true },
    iban: { kind: 'rib', required: true },
    phoneNumber: { kind: 'phone' },
    clientType: { kind: 'enum', enum: 'clientType' },
    createdAt: { kind: 'dateTime', default: 'now' },
    updatedAt: { kind: 'dateTime' },
    requestStatus: { kind: 'enum', enum: 'demandStatus' },
    serenityUserId: { kind: 'ref', ref: 'serenityUser' },
    serenityServices: { kind: 'refs', ref: 'serenityServices' },
    packId: { kind: 'ref', ref: 'pack' },
  },
});
