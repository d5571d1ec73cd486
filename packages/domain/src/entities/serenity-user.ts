import { defineEntity } from '../define';

/** A customer's account on the online-banking app ("serenity"), seen from the back-office. */
export const serenityUser = defineEntity({
  name: 'serenityUser',
  route: 'serenity-user',
  resource: 'serenity-users',
  label: 'login',
  joined: { clientCode: 'clientId.clientCode' },
  fields: {
    login: { kind: 'text', maxLength: 50, unique: true },
    password: { kind: 'secret' },
    firstname: { kind: 'text' },
    lastname: { kind: 'text' },
    telephone: { kind: 'phone' },
    email: { kind: 'email' },
    createdAt: { kind: 'dateTime', default: 'now' },
    lastLogin: { kind: 'dateTime' },
    pinCode: { kind: 'secret' },
    notifyType: { kind: 'enum', enum: 'notifyType' },
    clientId: { kind: 'ref', ref: 'client', labelFrom: 'clientCode' },
  },
});
