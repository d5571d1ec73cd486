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
    // Spec part 2 §2.16: the list shows the branch name, linking to the branch.
    branchId: { kind: 'ref', ref: 'branch', labelFrom: 'branchName' },
  },
});
