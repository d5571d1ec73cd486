// Date display formats of the spec (part 1 section 9): one place for web screens and server exports.
import dayjs from 'dayjs';

export const DATE_TIME_FORMAT = 'DD/MM/YY HH:mm';
export const DATE_TIME_SECONDS_FORMAT = 'DD/MM/YY HH:mm:ss';
export const DATE_FORMAT = 'DD/MM/YYYY';
/** How an empty date-time shows in lists. */
export const EMPTY_DATE_TIME = '00/00/00 00:00';

type DateInput = string | number | Date | null | undefined;

/** @example formatDateTime('2026-01-02T10:30:00Z') === '02/01/26 10:30' (in UTC) */
export function formatDateTime(value: DateInput): string {
  if (value === null || value === undefined || value === '') return EMPTY_DATE_TIME;
  const d = dayjs(value);
  return d.isValid() ? d.format(DATE_TIME_FORMAT) : EMPTY_DATE_TIME;
}

export function formatDate(value: DateInput): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(DATE_FORMAT) : '';
}
