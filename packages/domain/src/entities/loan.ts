import { defineEntity } from '../define';

export const loan = defineEntity({
  name: 'loan',
  route: 'loan',
  resource: 'loans',
  label: 'loanRef',
  fields: {
    subject: { kind: 'text' },
    nominalAmount: { kind: 'money' },
    remainingAmount: { kind: 'money' },
    monthlyPayment: { kind: 'money' },
    startDate: { kind: 'date' },
    label: { kind: 'text' },
    endDate: { kind: 'date' },
    interestRate: { kind: 'decimal' },
    term: { kind: 'int', min: 0 },
    setupDate: { kind: 'date' },
    loanRef: { kind: 'text', maxLength: 40 },
    loanStatus: { kind: 'enum', enum: 'loanStatus' },
    bankAccountId: { kind: 'ref', ref: 'bankAccount' },
  },
});
