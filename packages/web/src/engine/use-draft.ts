// A form controller's draft (api/drafts.ts): the one it finds when it opens, the values kept as the user
// changes them, the draft discarded (back to the record) or cleared once saved.
import { useEffect, useRef, useState } from 'react';
import { clearDraft, type DraftOwner, readDraft, writeDraft } from '../api/drafts';
import { useSession } from '../auth/use-session';

export interface Draft<T> {
  /** The draft found when the form opened, until it is discarded: the form starts from it. */
  restored: T | null;
  /** Removes the draft; the form goes back to the record (or the empty form). */
  discard(): void;
  /** Removes the draft once the form is saved. */
  clear(): void;
  /** The values are the user's from now on: `useKeptDraft` keeps them as they change. */
  touch(): void;
  /** Whose draft, of which form and record: null signed out. */
  owner: DraftOwner | null;
  touched: { current: boolean };
}

/**
 * The draft of `form` for record `id` (null: a new one) of the signed-in login.
 * @example const draft = useDraft<FormValues>(`entity:${entity.name}`, id); useKeptDraft(draft, values);
 */
export function useDraft<T>(form: string, id: number | null): Draft<T> {
  const login = useSession().account?.login;
  const owner: DraftOwner | null = login ? { login, form, id } : null;
  const [restored, setRestored] = useState<T | null>(() => (owner ? readDraft<T>(owner) : null));
  const touched = useRef(false);
  return {
    restored,
    owner,
    touched,
    discard: () => {
      touched.current = false;
      if (owner) clearDraft(owner);
      setRestored(null);
    },
    clear: () => {
      touched.current = false;
      if (owner) clearDraft(owner);
    },
    touch: () => {
      touched.current = true;
    },
  };
}

/** Keeps `value` as the draft whenever it changes once touched (what the user set, not what the form loaded). */
export function useKeptDraft<T>(draft: Draft<T>, value: T): void {
  // Compared as text: a controller may build its value anew at each render.
  const owner = draft.owner && JSON.stringify(draft.owner);
  const text = JSON.stringify(value);
  const { touched } = draft;
  useEffect(() => {
    if (touched.current && owner) writeDraft(JSON.parse(owner) as DraftOwner, JSON.parse(text));
  }, [touched, owner, text]);
}
