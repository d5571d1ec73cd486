// Which columns of a staff request list sort, and by what: a column sorts by the field it shows
// (its own or a joined one) when the server can order by it; the client column by the client's name.
import { entityByName, resolveJoinPath, type Field } from '@bank/domain';
import { fieldView } from '../../fields/field-registry';
import type { SortState } from '../../engine/list-url';
import type { Column, RequestType } from './request-types';

/** The field a name reads: the entity's own, or the end of its joined path. */
function fieldOf(type: RequestType, name: string): Field | undefined {
  const own = type.entity.field(name);
  if (own) return own;
  const path = type.entity.joined[name];
  return path ? resolveJoinPath(type.entity, path, entityByName).field : undefined;
}

/**
 * The sort key of a column, or undefined when it does not sort. The heading and the key are one
 * name, so a heading can never sort by another column's field (the original's swapped names).
 * @example sortKeyOf(beneficiaryCash, { kind: 'field', name: 'firstName' }) → 'firstName'
 */
export function sortKeyOf(type: RequestType, column: Column): string | undefined {
  const name = column.kind === 'status' ? type.workflow.status : column.kind === 'client' ? 'clientName' : column.name;
  if (name === 'id') return name;
  const field = fieldOf(type, name);
  return field && fieldView(field).sortable ? name : undefined;
}

/** The order written in the address (`sort=field,asc|desc`) when a column of the type sorts by it. */
export function readRequestSort(type: RequestType, text: string | null): SortState | null {
  const [field = '', order = ''] = (text ?? '').split(',');
  const sortable = type.columns.some((column) => sortKeyOf(type, column) === field);
  return sortable && (order === 'asc' || order === 'desc') ? { field, order } : null;
}
