// "My work" (issue 21): the queues a staff member processes and the shape of the home page's summary. A
// queue is a request type whose staff updates the member's role may save, over its queue statuses (those
// its lists open on); both come from the workflows, so a new request type or role rule shows here too.
import { hasAnyAuthority } from '../access/roles';
import { entityByName } from '../entities';
import { ENUMS, type EnumName } from '../enums';
import type { WorkflowDef } from './define';
import { WORKFLOWS, queueStatuses } from './workflows';

export interface WorkQueue {
  workflow: WorkflowDef;
  /** The statuses awaiting a staff decision (the queue view of the request's list). */
  statuses: readonly string[];
}

/**
 * The queues of a staff member, in workflow order; none for a role that decides nothing.
 * @example workQueuesOf(['ROLE_MANAGER']).map((q) => q.workflow.entity) // ['checkbookOrder', 'cardOrder', ...]
 */
export const workQueuesOf = (authorities: readonly string[]): WorkQueue[] =>
  WORKFLOWS.filter((w) => hasAnyAuthority(authorities, w.roles)).map((workflow) => ({
    workflow,
    statuses: queueStatuses(workflow),
  }));

/** The path (a field, or refs ending in one) to the name of whom a request is for. */
export const requesterPath = (workflow: WorkflowDef): string | undefined =>
  workflow.requester ?? entityByName(workflow.entity).joined.clientName;

/** How many of the oldest waiting requests the inbox lists, across the queues. */
export const WORK_INBOX_SIZE = 10;
/** The charts cover this many days, today (UTC) included. */
export const WORK_CHART_DAYS = 30;

export interface WorkQueueSummary {
  /** The request entity (registry name). */
  entity: string;
  /** Requests awaiting a decision. */
  count: number;
  /** Creation time of the oldest of them (ISO), null when there are none. */
  oldest: string | null;
  /** How many of them were created more than the SLA's hours ago. */
  overSla: number;
}

export interface WorkInboxItem {
  entity: string;
  id: number;
  /** Whom the request is for (requesterPath). */
  client: string | null;
  /** The client's id (clientPathOf), null for a type of no client: the access log records it. */
  clientId: number | null;
  createdAt: string;
  status: string;
}

export interface WorkDayCount {
  /** UTC day, YYYY-MM-DD. */
  day: string;
  entity: string;
  n: number;
}

export interface WorkCharts {
  /** The first day covered (YYYY-MM-DD, UTC); the last is today. */
  from: string;
  received: WorkDayCount[];
  decided: WorkDayCount[];
  /** Decisions per staff login over the days covered, most first. */
  byStaff: Array<{ login: string; n: number }>;
}

/** `GET core/api/work/summary`. */
export interface WorkSummary {
  slaHours: number;
  queues: WorkQueueSummary[];
  /** The oldest waiting requests across the queues, oldest first. */
  inbox: WorkInboxItem[];
  /** The last days' activity, for the heads of the desk (WORK_CHARTS_ACCESS); null for the others. */
  charts: WorkCharts | null;
}

/** `GET core/api/work/inbox` (issue 38): one request awaiting the viewer's decision, of any type. */
export interface WorkInboxRow {
  entity: string;
  id: number;
  version: number;
  createdAt: string | null;
  status: string;
  /** Whom the request is for (requesterPath). */
  client: string | null;
  /** The client's id (clientPathOf), null for a type of no client: the access log records it. */
  clientId: number | null;
  /** Who filed it: a staff login, or null for the customer channel. */
  maker: string | null;
  /** Whole XOF, for the types that carry an amount. */
  amount: string | null;
  /** A first validation is given (four eyes): the viewer's would be the second. */
  secondValidation: boolean;
}

/** `GET core/api/work/filed` (issue 38, « Mes saisies »): one request the viewer filed, of any type. */
export interface WorkFiledRow {
  entity: string;
  id: number;
  createdAt: string;
  /** The request's status; FIRST_APPROVAL when it waits with its first four-eyes validation given. */
  status: string;
  /** Whom the request is for (requesterPath). */
  client: string | null;
  /** Whole XOF, for the types that carry an amount. */
  amount: string | null;
}

/** `GET core/api/work/counts`: the menu's badges and the viewer's inbox total. */
export interface WorkCounts {
  pending: Record<string, number>;
  inbox: { total: number; exact: boolean; secondValidation: number };
}

/** Requests one bulk decision takes at most: each is a transaction of its own. */
export const BULK_DECISION_MAX = 100;

export type BulkDecision = 'validate' | 'reject';

/** The words the status enums use for a request validated (checkbooks are DONE, beneficiaries ACCEPTED). */
const VALIDATING = ['VALIDATED', 'DONE', 'ACCEPTED'] as const;

/** The status each kind of bulk decision sets on a workflow: the type's own word for "validated". */
export function decisionStatusOf(workflow: WorkflowDef, decision: BulkDecision): string {
  if (decision === 'reject') return 'REJECTED';
  if (workflow.fourEyes) return workflow.fourEyes.approve;
  const targets: readonly string[] =
    workflow.targets ?? ENUMS[entityByName(workflow.entity).field(workflow.status)!.enum as EnumName].values;
  return VALIDATING.find((status) => targets.includes(status))!;
}

/** `POST core/api/work/decisions`: what became of one request of a bulk decision. */
export interface BulkOutcome {
  entity: string;
  id: number;
  done: boolean;
  /** The status written (a first validation of four leaves it waiting). */
  status?: string;
  version?: number;
  /** Why it was refused: the HTTP status and the problem's i18n key and detail. */
  refusal?: { status: number; message: string; detail: string };
}
