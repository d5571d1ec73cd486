// One look per status, for every screen: the word (an i18n key under `statuses.`) and the colour a
// status is shown with, whichever request, list, form or history shows it. The spec gives each screen
// its own badge colours (the same PENDING red on cards and green on checkbooks) and its own words (a
// rejected checkbook's history read « Terminé »): one meaning, one word, one colour (docs/security.md).
import { decodeHistoryComment, type WorkflowDef } from './define';

/** Mantine colour names: open blue, done green, refused red, closed grey, half-way yellow. */
export type StatusColor = 'blue' | 'green' | 'red' | 'gray' | 'yellow';

/** A first four-eyes validation: the request still waits, for a second validator. */
export const FIRST_APPROVAL = 'FIRST_APPROVAL';

const COLORS: Readonly<Record<string, StatusColor>> = {
  // Awaiting someone: staff, or the customer's code.
  INPROGRESS: 'blue',
  IN_PROGRESS: 'blue',
  INPROGESS: 'blue',
  PENDING: 'blue',
  OTPPENDING: 'blue',
  [FIRST_APPROVAL]: 'yellow',
  // Done as asked.
  VALIDATED: 'green',
  ACCEPTED: 'green',
  DONE: 'green',
  ENABLE: 'green',
  OPENED: 'green',
  FINISH: 'green',
  // Refused.
  REJECTED: 'red',
  // Closed without being done.
  CANCELLED: 'gray',
  DELETED: 'gray',
  REMOVED: 'gray',
  DISABLE: 'gray',
  CLOSED: 'gray',
};

export interface StatusLook {
  /** The i18n key of the status's one word. */
  labelKey: string;
  color: StatusColor;
}

/** The statuses the palette knows. */
export const PALETTE_STATUSES: readonly string[] = Object.keys(COLORS);

/**
 * How `status` is shown everywhere; a status the palette does not know reads as itself, in grey.
 * @example statusLook('REJECTED') // { labelKey: 'statuses.REJECTED', color: 'red' }
 */
export function statusLook(status: string): StatusLook {
  return { labelKey: `statuses.${status}`, color: COLORS[status] ?? 'gray' };
}

/**
 * What a history row says was decided: the status its comment records (a checkbook log's own status
 * only says whether processing is over), a first four-eyes validation as FIRST_APPROVAL (the comment
 * records the validation asked for, the log the status the request was left in).
 * @example historyStatus(transfers, 'PENDING', 'ok{}VALIDATED{}manager') === FIRST_APPROVAL
 */
export function historyStatus(workflow: WorkflowDef, logStatus: string, comment: string | null | undefined): string {
  const decided = decodeHistoryComment(comment).status || logStatus;
  const rule = workflow.fourEyes;
  return rule && decided === rule.approve && logStatus === rule.waiting ? FIRST_APPROVAL : decided;
}
