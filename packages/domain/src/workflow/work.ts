// "My work" (issue 21): the queues a staff member processes and the shape of the home page's summary. A
// queue is a request type whose staff updates the member's role may save, over its queue statuses (those
// its lists open on); both come from the workflows, so a new request type or role rule shows here too.
import { hasAnyAuthority } from '../access/roles';
import { entityByName } from '../entities';
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
