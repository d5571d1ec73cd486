// Enumerations of both spec parts with their defaults. Labels are i18n keys derived by
// convention: `enums.<enum>.<value>`.

export interface EnumDef {
  readonly name: string;
  readonly values: readonly string[];
  readonly default?: string;
}

const defineEnum = <const V extends readonly string[]>(name: string, values: V, defaultValue?: V[number]) =>
  ({ name, values, ...(defaultValue ? { default: defaultValue } : {}) }) as const satisfies EnumDef;

export const ENUMS = {
  demandStatus: defineEnum(
    'demandStatus',
    ['INPROGRESS', 'PENDING', 'VALIDATED', 'REJECTED', 'CANCELLED'],
    'INPROGRESS',
  ),
  checkbookStatus: defineEnum(
    'checkbookStatus',
    ['IN_PROGRESS', 'DONE', 'PENDING', 'REJECTED', 'CANCELLED'],
    'IN_PROGRESS',
  ),
  orderLogStatus: defineEnum('orderLogStatus', ['IN_PROGRESS', 'DONE'], 'IN_PROGRESS'),
  beneficiaryStatus: defineEnum('beneficiaryStatus', ['PENDING', 'ACCEPTED', 'REJECTED', 'DELETED'], 'PENDING'),
  bankAccountStatus: defineEnum('bankAccountStatus', ['OPENED', 'CLOSED'], 'OPENED'),
  checkbookType: defineEnum('checkbookType', ['BARRED', 'NOTBARRED'], 'BARRED'),
  checkbookSize: defineEnum('checkbookSize', ['TWENTYFIVE', 'FIFTY', 'HUNDRED'], 'TWENTYFIVE'),
  loanStatus: defineEnum('loanStatus', ['IN_PROGRESS', 'FINISH'], 'IN_PROGRESS'),
  subscriptionStatus: defineEnum('subscriptionStatus', ['ENABLE', 'DISABLE', 'PENDING'], 'ENABLE'),
  beneficiaryCashStatus: defineEnum(
    'beneficiaryCashStatus',
    ['PENDING', 'VALIDATED', 'REJECTED', 'OTPPENDING', 'REMOVED', 'INPROGESS'],
    'PENDING',
  ),
  provisionStatus: defineEnum(
    'provisionStatus',
    ['INPROGRESS', 'PENDING', 'VALIDATED', 'REJECTED', 'CANCELLED', 'OTPPENDING'],
    'INPROGRESS',
  ),
  pinReason: defineEnum('pinReason', ['ILLEGIBLE', 'NEVERUSED', 'FORGETED'], 'ILLEGIBLE'),
  gender: defineEnum('gender', ['M', 'F']),
  country: defineEnum('country', ['SENEGAL'], 'SENEGAL'),
  clientType: defineEnum('clientType', ['COMPANY', 'PERSONAL'], 'COMPANY'),
  identityDocumentType: defineEnum('identityDocumentType', ['CNI', 'PASSPORT']),
  transactionDirection: defineEnum('transactionDirection', ['C', 'D']),
  /** How an online-banking user is told of their account's movements. */
  notifyType: defineEnum('notifyType', ['SMS', 'EMAIL', 'SMS_EMAIL']),
} as const;

export type EnumName = keyof typeof ENUMS;
export type EnumValue<E extends EnumName> = (typeof ENUMS)[E]['values'][number];
