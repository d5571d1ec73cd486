// The staff request screens as data (spec part 1 §2.7–2.14, part 2 §2.3, §2.11, §2.14, §2.15): titles,
// columns, badge rules, the row button's wording, the history route and how a decision is taken. One
// list and one form screen read this table; a new request type is one entry here.
import { entityByName, workflowOf, type Entity, type WorkflowDef } from '@bank/domain';
import type { HistorySource } from '../../workflow/HistoryTable';
import type { DecideLabel } from '../../workflow/RequestActions';

/** A column or a read-only fact: the client (name and code), the status badge, or a row field (with a second under it). */
export type Column =
  | { kind: 'client' }
  | { kind: 'status' }
  | { kind: 'field'; name: string; second?: string; labelKey?: string; format?: ValueFormat };

/**
 * How a value is shortened (spec part 2 §9): 'short' keeps 6 characters and an ellipsis, 'zeros' shows an empty date-time as 00/00/00 00:00 (part 1 §2.9),
 * 'filer' shows an empty filer as the customer's own channel (online banking).
 */
export type ValueFormat = 'short' | 'zeros' | 'filer';

/** One filter of a staff list: its query parameter, its input and its label (the status has its own filter). */
export interface ListFilter {
  name: string;
  input: 'text' | 'date';
  labelKey: string;
}

/** A spreadsheet of the selected rows: file, sheet and columns (`cell` says how the value is written). */
export interface SheetExport {
  fileName: string;
  sheetName: string;
  /** The most rows one file takes: past ~160 kB of sheet the zip library wants a worker, which the CSP refuses. */
  maxRows: number;
  columns: readonly { name: string; labelKey: string; cell: 'text' | 'number' | 'date' | 'enum' }[];
}

export interface RequestType {
  /** The request entity's route: `/entity/<route>/view/manager`. */
  route: string;
  entity: Entity;
  workflow: WorkflowDef;
  /** i18n key prefix: `manager.<key>.title`, `.editTitle`, `.historyTitle`. */
  key: string;
  columns: readonly Column[];
  /** Read-only facts of the decision form. */
  facts: readonly Column[];
  history: HistorySource & { path: (id: number) => string };
  decideLabel: DecideLabel;
  /** 'select': any status from a select; 'buttons': one button per target status (beneficiaries). */
  decision: 'select' | 'buttons';
  /** The list's filters, sent to the entity's criteria route (api/manager.ts); none: the plain list. */
  filters?: readonly ListFilter[];
  /** Rows can be selected (checkbox, select-all on the page) and exported as a spreadsheet. */
  export?: SheetExport;
  /** The history page as callout blocks (spec part 2 §2.4) instead of a table. */
  storyCallouts?: boolean;
  /** The printable order of a request (provisions, spec part 2 §2.15). */
  print?: (id: number) => string;
  /** The ref to the bank account the request moves money on: the decision form shows its position. */
  account?: string;
  /** Staff file it from its list (corrections): a create button, and the generic form that comes back to the list. */
  create?: true;
}

const field = (name: string, extra: Omit<Extract<Column, { kind: 'field' }>, 'kind' | 'name'> = {}): Column => ({
  kind: 'field',
  name,
  ...extra,
});
const CLIENT: Column = { kind: 'client' };
const STATUS: Column = { kind: 'status' };
const FILER = field('filedBy', { format: 'filer' });
const ACCOUNT = field('bankAccountNumber', { labelKey: 'manager.columns.bankAccountNumber' });
/** The cash lists' search box: any text the generic search matches. */
const CASH_SEARCH: ListFilter = { name: 'query', input: 'text', labelKey: 'manager.filters.query' };
const text = (name: string, labelKey: string): ListFilter => ({ name, input: 'text', labelKey });
const sheet = (name: string, cell: SheetExport['columns'][number]['cell'] = 'text') => ({
  name,
  labelKey: `manager.transfer.export.${name}`,
  cell,
});

function requestType(
  name: string,
  logRoute: (id: number) => string,
  rest: Omit<RequestType, 'route' | 'entity' | 'workflow' | 'history'>,
): RequestType {
  const entity = entityByName(name);
  const workflow = workflowOf(name)!;
  return {
    ...rest,
    // Every request says who filed it: maker and checker are different people.
    facts: [...rest.facts, FILER],
    route: entity.route,
    entity,
    workflow,
    history: {
      logEntity: entityByName(workflow.log.entity),
      statusField: workflow.log.status,
      workflow,
      path: logRoute,
    },
  };
}

export const REQUEST_TYPES: readonly RequestType[] = [
  requestType('checkbookOrder', (id) => `/entity/check-orderlog/story/${id}/modal`, {
    key: 'checkbookOrder',
    columns: [
      CLIENT,
      ACCOUNT,
      field('typeChequier'),
      field('carnetOf'),
      field('branchName', { labelKey: 'manager.columns.branch' }),
      STATUS,
      field('createdAt'),
    ],
    facts: [
      CLIENT,
      ACCOUNT,
      field('typeChequier'),
      field('carnetOf'),
      field('branchName', { second: 'branchAddress', labelKey: 'manager.columns.branch' }),
      field('createdAt'),
      field('comment'),
    ],
    decideLabel: 'action',
    decision: 'select',
  }),
  requestType('cardOrder', (id) => `/entity/card-orderlog/story/${id}/modal`, {
    key: 'cardOrder',
    columns: [
      field('holderName'),
      CLIENT,
      field('label', { labelKey: 'manager.columns.cardType' }),
      STATUS,
      // Spec part 1 §2.9: '00/00/00 00:00 when empty' on this list.
      field('createdAt', { format: 'zeros' }),
      field('updatedAt', { format: 'zeros' }),
    ],
    facts: [
      field('holderName'),
      CLIENT,
      ACCOUNT,
      field('label', { labelKey: 'manager.columns.cardType' }),
      field('createdAt'),
      field('updatedAt'),
      field('comment'),
    ],
    decideLabel: 'modify',
    decision: 'select',
  }),
  requestType('checkOpposition', (id) => `/entity/check-opposition-log/view/${id}/modal`, {
    key: 'checkOpposition',
    columns: [
      CLIENT,
      ACCOUNT,
      field('checkNumber'),
      STATUS,
      field('comment', { labelKey: 'manager.columns.comments' }),
      field('createdAt'),
    ],
    facts: [
      CLIENT,
      ACCOUNT,
      field('checkNumber', { labelKey: 'manager.columns.cardPan' }),
      STATUS,
      field('createdAt', { labelKey: 'manager.columns.requestDate' }),
      field('comment'),
    ],
    // Spec part 1 §2.11 names the check opposition row button 'Modifier'.
    decideLabel: 'modify',
    decision: 'select',
  }),
  requestType('cardOpposition', (id) => `/entity/card-opposition-log/story/${id}/modal`, {
    key: 'cardOpposition',
    columns: [
      CLIENT,
      ACCOUNT,
      field('cardNumber'),
      STATUS,
      field('comment', { labelKey: 'manager.columns.comments' }),
      field('createdAt'),
    ],
    facts: [
      CLIENT,
      ACCOUNT,
      field('cardNumber'),
      STATUS,
      field('createdAt', { labelKey: 'manager.columns.requestDate' }),
      field('comment'),
    ],
    decideLabel: 'action',
    decision: 'select',
  }),
  requestType('beneficiary', (id) => `/entity/beneficiary-log/story/${id}/modal`, {
    key: 'beneficiary',
    columns: [
      CLIENT,
      field('name', { second: 'iban', labelKey: 'manager.columns.beneficiary' }),
      STATUS,
      field('comment', { labelKey: 'manager.columns.comments' }),
      field('createdAt'),
    ],
    facts: [
      field('clientName', { labelKey: 'manager.columns.clientFirstName' }),
      field('name'),
      field('iban'),
      STATUS,
      field('createdAt', { labelKey: 'manager.columns.requestDate' }),
      field('comment'),
    ],
    decideLabel: 'action',
    decision: 'buttons',
    filters: [
      text('reference', 'manager.filters.reference'),
      text('name', 'manager.filters.name'),
      text('rib', 'manager.filters.rib'),
    ],
  }),
  requestType('transfer', (id) => `/entity/transfer-log/story/${id}/modal`, {
    key: 'transfer',
    columns: [
      field('id', { second: 'bankAccountNumber', labelKey: 'manager.transfer.referenceAccount' }),
      CLIENT,
      field('beneficiaryName', { second: 'beneficiaryRib', labelKey: 'manager.columns.beneficiary' }),
      field('amount'),
      field('createdAt', { second: 'execDate', labelKey: 'manager.transfer.dates' }),
      STATUS,
    ],
    facts: [
      field('id', { labelKey: 'manager.transfer.reference' }),
      CLIENT,
      ACCOUNT,
      field('beneficiaryName', { second: 'beneficiaryRib', labelKey: 'manager.columns.beneficiary' }),
      field('amount'),
      STATUS,
      field('createdAt'),
      field('execDate'),
      field('comment'),
    ],
    // Spec part 2 §2.3: 'Modifier' for the manager, the desk head and the trainee.
    decideLabel: 'modify',
    decision: 'select',
    filters: [
      { name: 'startdate', input: 'date', labelKey: 'manager.transfer.filters.startdate' },
      { name: 'enddate', input: 'date', labelKey: 'manager.transfer.filters.enddate' },
      text('id', 'manager.transfer.filters.reference'),
    ],
    // Spec part 2 §2.3: the eleven columns, in this order.
    export: {
      fileName: 'Virements.xlsx',
      sheetName: 'Virements',
      maxRows: 2000,
      columns: [
        sheet('id', 'number'),
        sheet('bankAccountNumber'),
        sheet('clientCode'),
        sheet('clientName'),
        sheet('createdAt', 'date'),
        sheet('execDate', 'date'),
        sheet('amount', 'number'),
        sheet('beneficiaryRib'),
        sheet('beneficiaryName'),
        sheet('comment'),
        sheet('demandStatus', 'enum'),
      ],
    },
    storyCallouts: true,
    account: 'bankAccountId',
  }),
  requestType('smsSubscription', (id) => `/entity/subs-sms-log/story/${id}/modal`, {
    key: 'smsSubscription',
    columns: [
      field('fullName'),
      field('iban', { format: 'short' }),
      field('phoneNumber'),
      field('priceService'),
      STATUS,
      field('createdAt'),
    ],
    // Spec part 2 §2.11: the read-only summary; price and client (the workflow's decision fields) below it.
    facts: [field('fullName'), field('phoneNumber'), field('createdAt'), field('iban'), field('notityTypes')],
    decideLabel: 'modify',
    decision: 'select',
  }),
  requestType('beneficiaryCash', (id) => `/entity/beneficiary-cash-log/story/${id}/modal`, {
    key: 'beneficiaryCash',
    // Spec part 2 §2.14, each heading over its own field (the original swapped first and last name); the
    // document's type under its number and the date under who validated, so that the list fits 1366 px.
    columns: [
      field('firstName'),
      field('lastName'),
      field('phoneNumber'),
      field('identificationNumero', { second: 'identifiantType', labelKey: 'manager.columns.identityDocument' }),
      field('createdAt'),
      STATUS,
      field('validatedBy', { second: 'updatedAt', labelKey: 'manager.columns.validatedByOn' }),
      field('clientCode', { labelKey: 'manager.columns.clientReference' }),
    ],
    facts: [
      field('firstName'),
      field('lastName'),
      field('phoneNumber'),
      field('identificationNumero'),
      field('identifiantType'),
      field('deliveryDate'),
      field('expirationDate'),
      field('clientCode', { second: 'clientName', labelKey: 'manager.columns.clientReference' }),
      STATUS,
      field('validatedBy'),
      field('createdAt'),
      field('updatedAt'),
    ],
    decideLabel: 'validate',
    decision: 'select',
    filters: [CASH_SEARCH],
  }),
  requestType('provisionCash', (id) => `/entity/provision-cash-log/story/${id}/modal`, {
    key: 'provisionCash',
    columns: [
      field('beneficiaryCashLastName', { second: 'beneficiaryCashFirstName', labelKey: 'manager.columns.beneficiary' }),
      field('bankAccountNumber', { labelKey: 'manager.columns.debitAccount' }),
      field('branchName', { labelKey: 'manager.columns.withdrawalBranch' }),
      field('motifProvision'),
      field('amount'),
      field('executionDate'),
      // Both dates in one column, so that the list fits 1366 px.
      field('createdAt', { second: 'updatedAt', labelKey: 'manager.columns.createdUpdated' }),
      STATUS,
    ],
    // Spec part 2 §2.15: the read-only block of 'Modifier la mise à disposition'.
    facts: [
      field('executionDate'),
      field('bankAccountOwner', { labelKey: 'manager.columns.orderingParty' }),
      field('amount'),
      field('motifProvision'),
      field('beneficiaryCashLastName', { second: 'beneficiaryCashFirstName', labelKey: 'manager.columns.beneficiary' }),
      field('beneficiaryCashIdentificationNumero', { labelKey: 'manager.columns.beneficiaryIdNumber' }),
      field('bankAccountNumber', { labelKey: 'manager.columns.debitAccount' }),
      field('branchName', { labelKey: 'manager.columns.withdrawalBranch' }),
      STATUS,
    ],
    print: (id) => `/entity/provision-cash/${id}/print`,
    account: 'bankAccountId',
    decideLabel: 'modify',
    decision: 'select',
    filters: [CASH_SEARCH],
  }),
  requestType('ledgerCorrection', (id) => `/entity/ledger-correction-log/story/${id}/modal`, {
    key: 'ledgerCorrection',
    columns: [CLIENT, ACCOUNT, field('amount'), field('direction'), field('reason'), STATUS, field('createdAt')],
    facts: [
      CLIENT,
      ACCOUNT,
      field('amount'),
      field('direction'),
      field('reason'),
      STATUS,
      field('createdAt'),
      field('comment'),
    ],
    decideLabel: 'action',
    decision: 'select',
    account: 'bankAccountId',
    create: true,
  }),
];

const byRoute = new Map(REQUEST_TYPES.map((type) => [type.route, type]));
const byLogRoute = new Map(REQUEST_TYPES.map((type) => [type.history.logEntity.route, type]));

export const requestTypeByRoute = (route: string | undefined) => byRoute.get(route ?? '');
export const requestTypeByLogRoute = (route: string | undefined) => byLogRoute.get(route ?? '');

export const managerPaths = (type: RequestType) => ({
  list: `/entity/${type.route}/view/manager`,
  create: `/entity/${type.route}/view/manager/new`,
  edit: (id: number) => `/entity/${type.route}/view/manager/${id}/edit`,
});
