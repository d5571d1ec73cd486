// The five staff request screens as data (spec part 1 §2.7–2.14): titles, columns, badge rules,
// the row button's wording, the history route and how a decision is taken. One list and one form
// screen read this table; a new request type is one entry here.
import { entityByName, workflowOf, type Entity, type WorkflowDef } from '@bank/domain';
import type { BadgeRuleName } from '../../workflow/badge-rules';
import type { HistorySource } from '../../workflow/HistoryTable';
import type { DecideLabel } from '../../workflow/RequestActions';

/** A column or a read-only fact: the client (name and code), the status badge, or a row field (with a second under it). */
export type Column =
  { kind: 'client' } | { kind: 'status' } | { kind: 'field'; name: string; second?: string; labelKey?: string };

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
  listBadge: BadgeRuleName;
  formBadge: BadgeRuleName;
  history: HistorySource & { path: (id: number) => string };
  decideLabel: DecideLabel;
  /** 'select': any status from a select; 'buttons': one button per target status (beneficiaries). */
  decision: 'select' | 'buttons';
  /** The list has the beneficiary filters (spec part 1 §2.14). */
  filters?: boolean;
}

const field = (name: string, extra: Omit<Extract<Column, { kind: 'field' }>, 'kind' | 'name'> = {}): Column => ({
  kind: 'field',
  name,
  ...extra,
});
const CLIENT: Column = { kind: 'client' };
const STATUS: Column = { kind: 'status' };
const ACCOUNT = field('bankAccountNumber', { labelKey: 'manager.columns.bankAccountNumber' });

function requestType(
  name: string,
  logRoute: (id: number) => string,
  rest: Omit<RequestType, 'route' | 'entity' | 'workflow' | 'history'> & { historyBadge: BadgeRuleName },
): RequestType {
  const entity = entityByName(name);
  const workflow = workflowOf(name)!;
  const { historyBadge, ...type } = rest;
  return {
    ...type,
    route: entity.route,
    entity,
    workflow,
    history: {
      logEntity: entityByName(workflow.log.entity),
      statusField: workflow.log.status,
      badge: historyBadge,
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
    listBadge: 'checkbookList',
    formBadge: 'checkbookList',
    historyBadge: 'checkbookList',
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
      field('createdAt'),
      field('updatedAt'),
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
    listBadge: 'cardOrder',
    formBadge: 'cardOrder',
    historyBadge: 'cardOrder',
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
    listBadge: 'checkOppositionList',
    formBadge: 'checkOppositionForm',
    historyBadge: 'oppositionLog',
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
    listBadge: 'cardOppositionHistory',
    formBadge: 'cardOppositionHistory',
    historyBadge: 'cardOppositionHistory',
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
    listBadge: 'beneficiary',
    formBadge: 'beneficiary',
    historyBadge: 'beneficiary',
    decideLabel: 'action',
    decision: 'buttons',
    filters: true,
  }),
];

const byRoute = new Map(REQUEST_TYPES.map((type) => [type.route, type]));
const byLogRoute = new Map(REQUEST_TYPES.map((type) => [type.history.logEntity.route, type]));

export const requestTypeByRoute = (route: string | undefined) => byRoute.get(route ?? '');
export const requestTypeByLogRoute = (route: string | undefined) => byLogRoute.get(route ?? '');

export const managerPaths = (type: RequestType) => ({
  list: `/entity/${type.route}/view/manager`,
  edit: (id: number) => `/entity/${type.route}/view/manager/${id}/edit`,
});
