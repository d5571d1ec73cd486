// Drafts: what a form holds before it is saved, kept in the browser (localStorage) as it is typed, per
// login, form and record, so that a reload, an idle time-out or a sign-in again loses nothing. A draft is
// read back only under the login that typed it (counter PCs are shared) and removed once the form is saved;
// one left unsaved is forgotten after a week.

const PREFIX = 'bank.draft';
export const DRAFT_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

export interface DraftOwner {
  login: string;
  /** Which form: `entity:branch`, `decision:cardOrder`, `subsRequest`. */
  form: string;
  /** The record edited, null for a new one. */
  id: number | null;
}

interface Stored {
  at: number;
  value: unknown;
}

export const draftStorageKey = ({ login, form, id }: DraftOwner): string => `${PREFIX}:${login}:${form}:${id ?? 'new'}`;

/** The draft of this login, form and record, or null (none, unreadable or too old: then removed). */
export function readDraft<T>(owner: DraftOwner): T | null {
  const key = draftStorageKey(owner);
  const text = localStorage.getItem(key);
  if (text === null) return null;
  try {
    const stored = JSON.parse(text) as Stored;
    if (typeof stored.at === 'number' && Date.now() - stored.at < DRAFT_MAX_AGE_MS) return stored.value as T;
  } catch {
    // Written by another version of the app: dropped below.
  }
  localStorage.removeItem(key);
  return null;
}

/** Keeps `value` as the draft; a full storage (pictures) keeps the previous draft rather than fail the form. */
export function writeDraft(owner: DraftOwner, value: unknown): void {
  try {
    localStorage.setItem(draftStorageKey(owner), JSON.stringify({ at: Date.now(), value } satisfies Stored));
  } catch {
    // QuotaExceededError: what was typed stays in the form.
  }
}

export function clearDraft(owner: DraftOwner): void {
  localStorage.removeItem(draftStorageKey(owner));
}
