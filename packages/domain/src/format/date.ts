// Date display formats of the spec (part 1 section 9): one place for web screens and server exports.
import dayjs from 'dayjs';

export const DATE_TIME_FORMAT = 'DD/MM/YY HH:mm';
export const DATE_TIME_SECONDS_FORMAT = 'DD/MM/YY HH:mm:ss';
export const DATE_FORMAT = 'DD/MM/YYYY';
/** How a date or date-time reads when there is none: a dash says "nothing" more clearly than zeros (issue 22). */
export const NO_DATE = '—';
/** Where the spec asks for zeros instead (the card requests list, part 1 §2.9). */
export const EMPTY_DATE_TIME = '00/00/00 00:00';

type DateInput = string | number | Date | null | undefined;

function format(value: DateInput, pattern: string, empty: string): string {
  if (value === null || value === undefined || value === '') return empty;
  const d = dayjs(value);
  return d.isValid() ? d.format(pattern) : empty;
}

/**
 * @example formatDateTime('2026-01-02T10:30:00Z') === '02/01/26 10:30' (in UTC)
 * @example formatDateTime(null) === '—'; formatDateTime(null, EMPTY_DATE_TIME) === '00/00/00 00:00'
 */
export function formatDateTime(value: DateInput, empty: string = NO_DATE): string {
  return format(value, DATE_TIME_FORMAT, empty);
}

/** @example formatDate('2026-11-23') === '23/11/2026' */
export function formatDate(value: DateInput, empty: string = NO_DATE): string {
  return format(value, DATE_FORMAT, empty);
}
