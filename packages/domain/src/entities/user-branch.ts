import { defineEntity } from '../define';

/** Which branch a staff member works at. */
export const userBranch = defineEntity({
  name: 'userBranch',
  route: 'user-branch',
  resource: 'user-branches',
  label: 'login',
  paging: 'infinite',
  joined: {
    branchName: 'branchId.name',
  },
  fields: {
    login: { kind: 'text', maxLength: 50, required: true },
    email: { kind: 'email', required: true },
    phoneNumber: { kind: 'phone', required: true },
    branchId: { kind: 'ref', ref: 'branch' },
  },
});
