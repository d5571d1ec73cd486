// The request types with a staff workflow. Roles per spec part 1 §6 and part 2 §6; where the spec
// shows none (check oppositions) the card-opposition rule applies.
import { ROLES } from '../access/roles';
import { defineWorkflow, type WorkflowDef } from './define';

const DESK = [ROLES.MANAGER, ROLES.RESPONSABLEDESK] as const;
const CASH_DESK = [ROLES.AGENTCA, ROLES.AGENTRSIC] as const;
const REQUEST_LOG_CARRY = ['bankAccountId', 'serenityUserId'] as const;
/** A decided request of the demandStatus family: validated, rejected or cancelled for good. */
const DECIDED = ['VALIDATED', 'REJECTED', 'CANCELLED'] as const;
/** Before a decision, a request of the demandStatus family is being filed, then awaits a decision. */
const AWAITING = ['INPROGRESS', 'PENDING'] as const;

export const WORKFLOWS: readonly WorkflowDef[] = [
  defineWorkflow({
    entity: 'checkbookOrder',
    status: 'demandStatus',
    comment: 'comment',
    updatedAt: 'updateAt',
    roles: DESK,
    commentRequired: true,
    openStatuses: ['IN_PROGRESS', 'PENDING'],
    finalStatuses: ['DONE', 'REJECTED', 'CANCELLED'],
    log: {
      entity: 'checkOrderlog',
      request: 'checkbookOrderId',
      status: 'demandStatus',
      carry: REQUEST_LOG_CARRY,
      // The log keeps only whether processing is over; the comment keeps the exact status.
      statusOf: (status) => (status === 'IN_PROGRESS' || status === 'PENDING' ? 'IN_PROGRESS' : 'DONE'),
    },
  }),
  defineWorkflow({
    entity: 'cardOrder',
    status: 'orderStatus',
    comment: 'comment',
    updatedAt: 'updatedAt',
    roles: [ROLES.MANAGER],
    commentRequired: true,
    openStatuses: AWAITING,
    finalStatuses: DECIDED,
    log: { entity: 'cardOrderlog', request: 'cardOrderId', status: 'demandStatus', carry: REQUEST_LOG_CARRY },
  }),
  defineWorkflow({
    entity: 'checkOpposition',
    status: 'demandStatus',
    comment: 'comment',
    roles: DESK,
    commentRequired: true,
    openStatuses: AWAITING,
    finalStatuses: DECIDED,
    log: {
      entity: 'checkOppositionLog',
      request: 'checkOppositionId',
      status: 'demandStatus',
      carry: REQUEST_LOG_CARRY,
    },
  }),
  defineWorkflow({
    entity: 'cardOpposition',
    status: 'oppositionStatus',
    comment: 'comment',
    roles: DESK,
    commentRequired: true,
    openStatuses: AWAITING,
    finalStatuses: DECIDED,
    log: { entity: 'cardOppositionLog', request: 'cardOppositionId', status: 'demandStatus', carry: ['bankAccountId'] },
  }),
  defineWorkflow({
    entity: 'beneficiary',
    status: 'beneficiaryStatus',
    comment: 'comment',
    updatedAt: 'updateAp',
    roles: DESK,
    commentRequired: true,
    // DESIGN.md: the manager form offers 'Valider' (ACCEPTED) and 'Rejeter' (REJECTED).
    targets: ['ACCEPTED', 'REJECTED'],
    openStatuses: ['PENDING'],
    finalStatuses: ['ACCEPTED', 'REJECTED', 'DELETED'],
    log: { entity: 'beneficiaryLog', request: 'beneficiary', status: 'beneficiaryStatus' },
  }),
  defineWorkflow({
    entity: 'transfer',
    status: 'demandStatus',
    comment: 'comment',
    updatedAt: 'updateAp',
    roles: [...DESK, ROLES.STAGIAIRE],
    commentRequired: false,
    fourEyes: { amount: 'amount', approve: 'VALIDATED', waiting: 'PENDING' },
    openStatuses: AWAITING,
    finalStatuses: DECIDED,
    log: { entity: 'transferLog', request: 'transferId', status: 'demandStatus', carry: REQUEST_LOG_CARRY },
  }),
  defineWorkflow({
    entity: 'ledgerCorrection',
    requester: 'bankAccountId.ownerName',
    status: 'demandStatus',
    comment: 'comment',
    updatedAt: 'updatedAt',
    // Filed by one supervisor, validated by another (maker is not checker).
    roles: [ROLES.MANAGER, ROLES.ADMIN],
    commentRequired: true,
    openStatuses: AWAITING,
    finalStatuses: DECIDED,
    log: {
      entity: 'ledgerCorrectionLog',
      request: 'ledgerCorrectionId',
      status: 'demandStatus',
      carry: ['bankAccountId'],
    },
  }),
  defineWorkflow({
    entity: 'subsRequest',
    requester: 'fullName',
    status: 'requestStatus',
    updatedAt: 'updatedAt',
    roles: DESK,
    commentRequired: false,
    openStatuses: AWAITING,
    finalStatuses: DECIDED,
    // Spec part 2 §2.9: the 'Valider' form of a subscription request edits the subscriber's details too.
    decisionFields: ['login', 'fullName', 'email', 'iban', 'phoneNumber', 'clientType', 'serenityServices', 'packId'],
    log: { entity: 'subsRequestLog', request: 'subsRequestId', status: 'requestStatus' },
  }),
  defineWorkflow({
    entity: 'smsSubscription',
    requester: 'fullName',
    status: 'demandStatus',
    comment: 'comment',
    updatedAt: 'updatedAt',
    roles: DESK,
    commentRequired: false,
    openStatuses: AWAITING,
    finalStatuses: DECIDED,
    // Spec part 2 §2.11: the manager sets the price and links the client when deciding.
    decisionFields: ['priceService', 'clientId'],
    log: { entity: 'subsSmsLog', request: 'smsSubscriptionId', status: 'requestStatus' },
  }),
  defineWorkflow({
    entity: 'beneficiaryCash',
    requester: 'clientId.name',
    status: 'status',
    comment: 'motif',
    updatedAt: 'updatedAt',
    roles: CASH_DESK,
    commentRequired: false,
    // A validated beneficiary may still be removed; a rejected or removed one is closed.
    openStatuses: ['PENDING', 'INPROGESS', 'OTPPENDING'],
    // OTPPENDING waits for the customer's code, not for the cash desk.
    queue: ['PENDING', 'INPROGESS'],
    finalStatuses: ['REJECTED', 'REMOVED'],
    log: { entity: 'beneficiaryCashLog', request: 'beneficiaryCashId', status: 'status' },
  }),
  defineWorkflow({
    entity: 'provisionCash',
    requester: 'bankAccountId.ownerName',
    status: 'demandStatus',
    comment: 'motif',
    updatedAt: 'updatedAt',
    // Spec part 2 §2.15 and §6: provision validation is limited to AGENTCA and AGENTRSIC.
    roles: CASH_DESK,
    commentRequired: false,
    // Once decided, the inputs are hidden (§2.15) and the server refuses any change.
    openStatuses: ['INPROGRESS', 'PENDING', 'OTPPENDING'],
    queue: ['INPROGRESS', 'PENDING'],
    finalStatuses: DECIDED,
    fourEyes: { amount: 'amount', approve: 'VALIDATED', waiting: 'PENDING' },
    log: { entity: 'provisionCashLog', request: 'provisionCashId', status: 'demandStatus', carry: ['bankAccountId'] },
  }),
];

const byEntity = new Map(WORKFLOWS.map((w) => [w.entity, w]));

export const workflowOf = (entity: string): WorkflowDef | undefined => byEntity.get(entity);

/** The statuses of a workflow's work queue: those awaiting a staff decision. */
export const queueStatuses = (workflow: WorkflowDef): readonly string[] => workflow.queue ?? workflow.openStatuses;
