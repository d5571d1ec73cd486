// The list's address state (spec part 1 §2.3): ?page=N (1-based, as displayed), &sort=field,order
// and &search=text. Pure functions, so the rules are testable without a router.
import type { Entity, Field } from '@bank/domain';
import { fieldView } from '../fields/field-registry';

export type SortOrder = 'asc' | 'desc';

export interface SortState {
  field: string;
  order: SortOrder;
}

export interface ListUrlState {
  /** 1-based, as displayed; the API gets page - 1. */
  page: number;
  /** As written in the address; null when absent or not a sortable field. */
  sort: SortState | null;
  search: string;
}

/** Generic lists sort by id ascending (DESIGN.md §5). */
export const DEFAULT_SORT: SortState = { field: 'id', order: 'asc' };
/** Page buttons shown at most (spec part 1 §9). */
export const MAX_PAGE_BUTTONS = 5;

/** The fields of the list's columns: all but those declared `list: false` and kinds without a column. */
export const listColumns = (entity: Entity): Field[] =>
  entity.fields.filter((field) => field.list !== false && fieldView(field).column);

export function isSortable(entity: Entity, name: string): boolean {
  if (name === 'id') return true;
  const field = entity.field(name);
  return field !== undefined && fieldView(field).sortable;
}

export function readListUrl(entity: Entity, params: URLSearchParams): ListUrlState {
  const pageText = params.get('page') ?? '';
  const page = /^\d{1,7}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1;
  const [field = '', order = ''] = (params.get('sort') ?? '').split(',');
  const sort: SortState | null =
    isSortable(entity, field) && (order === 'asc' || order === 'desc') ? { field, order } : null;
  return { page, sort, search: params.get('search')?.trim() ?? '' };
}

/** The address after a change; other parameters are kept. */
export function writeListUrl(params: URLSearchParams, change: Partial<ListUrlState>): URLSearchParams {
  const next = new URLSearchParams(params);
  if (change.page !== undefined) next.set('page', String(change.page));
  if (change.sort !== undefined) {
    if (change.sort) next.set('sort', `${change.sort.field},${change.sort.order}`);
    else next.delete('sort');
  }
  if (change.search !== undefined) {
    if (change.search) next.set('search', change.search);
    else next.delete('search');
  }
  return next;
}

/** A header click: the same column flips its order, another column starts ascending. */
export const nextSort = (current: SortState | null, field: string): SortState =>
  current?.field === field && current.order === 'asc' ? { field, order: 'desc' } : { field, order: 'asc' };

/**
 * The page numbers to show as buttons: at most `max`, around the active page.
 * @example pageWindow(7, 20) → [5, 6, 7, 8, 9]
 */
export function pageWindow(active: number, total: number, max = MAX_PAGE_BUTTONS): number[] {
  const count = Math.min(max, Math.max(total, 1));
  const start = Math.min(Math.max(1, active - Math.floor(count / 2)), Math.max(1, total - count + 1));
  return Array.from({ length: count }, (_, index) => start + index);
}
