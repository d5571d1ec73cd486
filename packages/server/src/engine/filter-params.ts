// The named query-string filters of the staff lists that `field.op=value` criteria do not spell (spec
// part 2 §2.3): days, references, whole numbers, each refused with a 400 that names its parameter.
import { isRealDate } from '@bank/domain';
import { badRequest } from '../problem';

export type Filters = Record<string, string>;

/** A 400 on query parameter `param`. */
export const invalidFilter = (param: string, detail: string) =>
  badRequest('error.validation', detail, [{ objectName: 'query', field: param, message: 'TypeMismatch' }]);

/** A filter's value trimmed; '' when absent (or repeated: a filter takes one value). */
export const filterText = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** A day (YYYY-MM-DD) as the half-open range of instants it covers, Dakar time (UTC). */
export function dayRange(param: string, value: string): { from: string; to: string } {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!parts || !isRealDate(Number(parts[1]), Number(parts[2]), Number(parts[3]))) {
    throw invalidFilter(param, `${param} must be a date YYYY-MM-DD`);
  }
  const from = new Date(`${value}T00:00:00.000Z`);
  return { from: from.toISOString(), to: new Date(from.getTime() + 86_400_000).toISOString() };
}

export function wholeNumber(param: string, value: string): string {
  if (!/^\d{1,15}$/.test(value)) throw invalidFilter(param, `${param} must be a whole number`);
  return value;
}

/**
 * The request lists' creation days and reference as criteria: `startdate` and `enddate` (YYYY-MM-DD,
 * both days included) on `createdAt`, `id` the request's number; whatever is filled applies.
 * @example requestListCriteria({ startdate: '2026-05-01', id: '42' })
 */
export function requestListCriteria(query: { startdate?: unknown; enddate?: unknown; id?: unknown }): Filters {
  const criteria: Filters = {};
  const [start, end, id] = [filterText(query.startdate), filterText(query.enddate), filterText(query.id)];
  if (start) criteria['createdAt.greaterThanOrEqual'] = dayRange('startdate', start).from;
  if (end) criteria['createdAt.lessThan'] = dayRange('enddate', end).to;
  if (id) criteria['id.equals'] = wholeNumber('id', id);
  return criteria;
}
