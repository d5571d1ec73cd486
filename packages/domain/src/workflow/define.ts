// Request workflows: which field holds a request's status and observation, who may act on it, which
// statuses a staff update may set, and the log table that keeps its history. Data, read by the server's
// workflow module (which enforces it) and by the web (which shows only the actions a role may take).
import type { Authority } from '../access/roles';

export interface WorkflowDef {
  /** The request entity (registry name). */
  entity: string;
  /** The request's status field. */
  status: string;
  /** The request's observation field (absent when the request has none: its history says why). */
  comment?: string;
  /** Stamped with the time of each staff update. */
  updatedAt?: string;
  /**
   * Whom the request is for, as staff name it in a queue: a field or a path of refs ending in one
   * (`clientId.name`); the entity's joined `clientName` when absent.
   */
  requester?: string;
  /** Roles that may save a staff update (spec part 1 §6, part 2 §6). */
  roles: readonly Authority[];
  /** An observation is required with every staff update (spec part 1 §5). */
  commentRequired: boolean;
  /** Statuses a staff update may set; every value of the status enum when absent. */
  targets?: readonly string[];
  /**
   * The statuses of a request awaiting a decision, in workflow order: a new request may be created in one
   * of them (the customer channel files some already PENDING), never in a decided one.
   */
  openStatuses: readonly string[];
  /**
   * The open statuses whose requests wait for staff, not for the customer (an OTP code): the work queue.
   * A decider's list opens on them, oldest first, and the menu badge counts them. All open statuses when absent.
   */
  queue?: readonly string[];
  /** Once a request reaches one of these, it no longer changes, for anyone. */
  finalStatuses: readonly string[];
  /**
   * Fields a staff decision sets besides the status and the observation (the SMS subscription's price and
   * client); every other field of the request is the customer's and a decision leaves it as it is.
   */
  decisionFields?: readonly string[];
  /**
   * Four-eyes rule: setting `approve` on a request whose `amount` is at or above the threshold takes two
   * different staff members. The first approval leaves the request at `waiting` and is recorded as such.
   */
  fourEyes?: { amount: string; approve: string; waiting: string };
  log: {
    /** The log entity (registry name). */
    entity: string;
    /** Its ref to the request. */
    request: string;
    /** Its status field. */
    status: string;
    /** Ref fields copied from the request onto each log row (same name on both). */
    carry?: readonly string[];
    /** When the log's status enum is coarser than the request's (check order logs: IN_PROGRESS | DONE). */
    statusOf?: (requestStatus: string) => string;
  };
}

export const defineWorkflow = <const W extends WorkflowDef>(workflow: W): W => workflow;

/** The history comment format of DESIGN.md: `observation{}STATUS{}authorLogin`. */
export const HISTORY_SEPARATOR = '{}';

export function encodeHistoryComment(observation: string, status: string, author: string): string {
  return [observation.replaceAll(HISTORY_SEPARATOR, '{ }'), status, author].join(HISTORY_SEPARATOR);
}

/**
 * Splits a history comment; a comment without the separator is all observation.
 * @example decodeHistoryComment('ok{}VALIDATED{}manager') // { observation: 'ok', status: 'VALIDATED', author: 'manager' }
 */
export function decodeHistoryComment(comment: string | null | undefined): {
  observation: string;
  status: string;
  author: string;
} {
  const [observation = '', status = '', author = ''] = (comment ?? '').split(HISTORY_SEPARATOR);
  return { observation, status, author };
}
