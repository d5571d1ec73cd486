import { SUPERVISORS } from '../access/roles';
import { defineEntity } from '../define';

export const loan = defineEntity({
  name: 'loan',
  route: 'loan',
  resource: 'loans',
  label: 'loanRef',
  // A loan's amounts and rate commit the bank and the customer: supervisors set them, each change audited.
  fields: {
    subject: { kind: 'text' },
    nominalAmount: { kind: 'money', writers: SUPERVISORS },
    remainingAmount: { kind: 'money', writers: SUPERVISORS },
    monthlyPayment: { kind: 'money', writers: SUPERVISORS },
    startDate: { kind: 'date' },
    label: { kind: 'text' },
    endDate: { kind: 'date' },
    interestRate: { kind: 'decimal', writers: SUPERVISORS },
    term: { kind: 'int', min: 0 },
    setupDate: { kind: 'date' },
    loanRef: { kind: 'text', maxLength: 40 },
    loanStatus: { kind: 'enum', enum: 'loanStatus' },
    bankAccountId: { kind: 'ref', ref: 'bankAccount' },
  },
});
