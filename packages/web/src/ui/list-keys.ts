// The keyboard on a list (issue 38): the rows take the focus one at a time (a roving tabindex: one Tab
// reaches the table), arrow keys or j/k move between them, Enter opens the row, `/` goes to the list's
// filter, and the skip link « Aller à la liste » appears while a list is on the page.
import { useSyncExternalStore, type KeyboardEvent } from 'react';

let shownLists = 0;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Counts a list on the page while it is mounted, `/` listened to while there is one; returns its removal. */
export function registerList(): () => void {
  if (shownLists++ === 0) document.addEventListener('keydown', onSlash);
  notify();
  return () => {
    if (--shownLists === 0) document.removeEventListener('keydown', onSlash);
    notify();
  };
}

/** Whether the page shows a list (the skip link to it is offered then only). */
export const useListShown = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => shownLists > 0,
  );

const rowsOf = (frame: ParentNode) => [...frame.querySelectorAll<HTMLTableRowElement>('tbody > tr')];

/** The rows of `frame` reachable by Tab one at a time: the focused one, else the first. */
export function rovingRows(frame: ParentNode): void {
  const rows = rowsOf(frame);
  const current = rows.find((row) => row.tabIndex === 0) ?? rows[0];
  for (const row of rows) row.tabIndex = row === current ? 0 : -1;
}

/** Focuses the first row of the first list in the main area; false when there is none. */
export function focusFirstRow(): boolean {
  const row = document.querySelector<HTMLTableRowElement>('#main tbody > tr[tabindex]');
  row?.focus();
  return Boolean(row);
}

const MOVES: Record<string, number> = { ArrowDown: 1, j: 1, ArrowUp: -1, k: -1 };

/** On the table's frame: moves between rows, and Enter on a row follows its opening link. */
export function onListKeyDown(event: KeyboardEvent<HTMLElement>): void {
  const row = event.target as HTMLElement;
  if (!(row instanceof HTMLTableRowElement) || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.key === 'Enter') {
    // The row's own link to open it, else its first link.
    (row.querySelector<HTMLElement>('[data-row-open]') ?? row.querySelector<HTMLElement>('a[href]'))?.click();
    event.preventDefault();
    return;
  }
  const move = MOVES[event.key];
  if (!move) return;
  const rows = rowsOf(event.currentTarget);
  const next = rows[rows.indexOf(row) + move];
  event.preventDefault();
  if (!next) return;
  row.tabIndex = -1;
  next.tabIndex = 0;
  next.focus();
}

const typing = (element: Element | null) =>
  element instanceof HTMLElement && (element.isContentEditable || /^(INPUT|SELECT|TEXTAREA)$/.test(element.tagName));

/**
 * `/` anywhere but in a field: focuses the list's filter, the first field of what is marked `data-list-filter`
 * (a search box, a filter form), else the chosen status view (marked `data-list-filter="view"`).
 */
function onSlash(event: globalThis.KeyboardEvent): void {
  if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || typing(document.activeElement)) return;
  const mark =
    document.querySelector<HTMLElement>('#main [data-list-filter]:not([data-list-filter="view"])') ??
    document.querySelector<HTMLElement>('#main [data-list-filter]');
  const field = mark?.matches('input, select, textarea')
    ? mark
    : (mark?.querySelector<HTMLElement>('input:checked') ??
      mark?.querySelector<HTMLElement>('input, select, textarea'));
  if (!field) return;
  event.preventDefault();
  field.focus();
}
